import { log } from '@temporalio/activity';

export interface PriceBatchInput {
  generationId: string;
  /** 0-based index of the batch inside its generation: with the generation id, the idempotency key */
  batch: number;
  productDefinitionIds: number[];
  from: string;
  to: string;
}

/** What a finished generation did, recorded once as its PriceGenerationCompleted event (the prices.published webhook). */
export interface PriceGenerationCompletedInput {
  generationId: string;
  from: string;
  to: string;
  productDefinitionIds: number[];
  prices: number;
}

export interface PriceGenerationDependencies {
  /** every definition that has a price (the catalogue's priced definitions) */
  listPricedDefinitionIds: () => Promise<number[]>;
  /** Calculates and records the prices of the batch; returns how many prices it recorded. Must be
   * idempotent per (generationId, batch): a retried batch stores nothing new. */
  generatePriceBatch: (input: PriceBatchInput) => Promise<number>;
  /** Records that the generation's prices are all stored; idempotent per generation id. */
  recordPriceGenerationCompleted: (input: PriceGenerationCompletedInput) => Promise<void>;
}

export type PriceGenerationActivities = ReturnType<typeof createPriceGenerationActivities>;

/** The pricing context injects its price engine; the activities only delegate to it. */
export function createPriceGenerationActivities(dependencies: PriceGenerationDependencies) {
  return {
    async listPricedDefinitionIds(): Promise<number[]> {
      return dependencies.listPricedDefinitionIds();
    },
    async generatePriceBatch(input: PriceBatchInput): Promise<number> {
      log.info('generating a price batch', {
        generationId: input.generationId,
        batch: input.batch,
        definitions: input.productDefinitionIds.length,
      });
      return dependencies.generatePriceBatch(input);
    },
    async recordPriceGenerationCompleted(input: PriceGenerationCompletedInput): Promise<void> {
      return dependencies.recordPriceGenerationCompleted(input);
    },
  };
}
