import { ApplicationFailure, defineQuery, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { PriceGenerationActivities } from './activities';
import { dayCount, planGeneration, rangeProblem } from './plan';

export interface PriceGenerationInput {
  generationId: string;
  /** all priced definitions when missing */
  productDefinitionIds?: number[];
  /** yyyy-MM-dd, both included */
  from: string;
  to: string;
  /** prices per batch, default 2000, at most 10 000; a batch holds whole definitions over a date
   * window (the whole range unless one definition's days exceed the batch) */
  batchSize?: number;
}

export type PriceGenerationState = 'running' | 'completed' | 'failed';

export interface PriceGenerationProgress {
  generationId: string;
  status: PriceGenerationState;
  /** definitions × days */
  total: number;
  processed: number;
  batches: { done: number; total: number };
  error: string | null;
}

export const generationStatusQuery = defineQuery<PriceGenerationProgress>('generationStatus');

const { listPricedDefinitionIds, generatePriceBatch } = proxyActivities<PriceGenerationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 5,
  },
});

// the prices are in: the announcement waits for the store rather than failing the generation
const { recordPriceGenerationCompleted } = proxyActivities<PriceGenerationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** Generates the prices of a set of definitions over a date range in batches, reporting progress
 * through the `generationStatus` query. The workflow id is the generation id. */
export async function priceGenerationWorkflow(input: PriceGenerationInput): Promise<PriceGenerationProgress> {
  const progress: PriceGenerationProgress = {
    generationId: input.generationId,
    status: 'running',
    total: 0,
    processed: 0,
    batches: { done: 0, total: 0 },
    error: null,
  };
  setHandler(generationStatusQuery, () => progress);

  try {
    const problem = rangeProblem(input.from, input.to);
    if (problem) throw ApplicationFailure.nonRetryable(problem, 'InvalidGenerationRange');
    const ids = input.productDefinitionIds ?? (await listPricedDefinitionIds());
    const batches = planGeneration(ids, input.from, input.to, input.batchSize);
    progress.total = ids.length * dayCount(input.from, input.to);
    progress.batches.total = batches.length;
    for (const [batch, planned] of batches.entries()) {
      progress.processed += await generatePriceBatch({ generationId: input.generationId, batch, ...planned });
      progress.batches.done += 1;
    }
    if (patched('generation-completed-event')) {
      await recordPriceGenerationCompleted({
        generationId: input.generationId,
        from: input.from,
        to: input.to,
        productDefinitionIds: ids,
        prices: progress.processed,
      });
    }
    progress.status = 'completed';
    return progress;
  } catch (error) {
    progress.status = 'failed';
    progress.error =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw ApplicationFailure.nonRetryable(
      `price generation ${input.generationId} failed: ${progress.error}`,
      'PriceGenerationFailed',
    );
  }
}
