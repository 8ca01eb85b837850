import { ApplicationFailure, log } from '@temporalio/activity';

export interface PriceBatchInput {
  generationId: string;
  /** 0-based index of the batch inside its generation: with the generation id, the idempotency key */
  batch: number;
  productDefinitionIds: number[];
  from: string;
  to: string;
}

export interface PriceGenerationDependencies {
  /** every definition that has a price (the catalogue's priced definitions) */
  listPricedDefinitionIds: () => Promise<number[]>;
  /** Calculates and records the prices of the batch; returns how many prices it recorded. Must be
   * idempotent per (generationId, batch): a retried batch stores nothing new. */
  generatePriceBatch: (input: PriceBatchInput) => Promise<number>;
}

export type PriceGenerationActivities = ReturnType<typeof createPriceGenerationActivities>;

function required<T>(dependency: T | undefined, name: string): T {
  if (!dependency) throw ApplicationFailure.nonRetryable(`The worker was started without ${name}`, 'MissingDependency');
  return dependency;
}

/** The pricing context injects its price engine; the activities only delegate to it. */
export function createPriceGenerationActivities(dependencies: Partial<PriceGenerationDependencies>) {
  return {
    async listPricedDefinitionIds(): Promise<number[]> {
      return required(dependencies.listPricedDefinitionIds, 'listPricedDefinitionIds')();
    },
    async generatePriceBatch(input: PriceBatchInput): Promise<number> {
      const generate = required(dependencies.generatePriceBatch, 'generatePriceBatch');
      log.info('generating a price batch', { generationId: input.generationId, batch: input.batch, definitions: input.productDefinitionIds.length });
      return generate(input);
    },
  };
}
