import { ApplicationFailure, defineQuery, proxyActivities, setHandler } from '@temporalio/workflow';
import type { PriceGenerationActivities } from './activities';

export interface PriceGenerationInput {
  generationId: string;
  /** all priced definitions when missing */
  productDefinitionIds?: number[];
  /** yyyy-MM-dd, both included */
  from: string;
  to: string;
  /** prices per batch (a batch holds whole definitions); default 2000 */
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

export const defaultPriceBatchSize = 2000;
const dayMs = 24 * 60 * 60 * 1000;

export function dayCount(from: string, to: string): number {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
  return Math.max(0, days);
}

export function planBatches(ids: number[], days: number, batchSize: number): number[][] {
  const perBatch = Math.max(1, Math.floor(batchSize / Math.max(1, days)));
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += perBatch) batches.push(ids.slice(i, i + perBatch));
  return batches;
}

const { listPricedDefinitionIds, generatePriceBatch } = proxyActivities<PriceGenerationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 5 },
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
    const ids = input.productDefinitionIds ?? (await listPricedDefinitionIds());
    const days = dayCount(input.from, input.to);
    const batches = days === 0 ? [] : planBatches(ids, days, input.batchSize ?? defaultPriceBatchSize);
    progress.total = ids.length * days;
    progress.batches.total = batches.length;
    for (const [batch, productDefinitionIds] of batches.entries()) {
      progress.processed += await generatePriceBatch({
        generationId: input.generationId,
        batch,
        productDefinitionIds,
        from: input.from,
        to: input.to,
      });
      progress.batches.done += 1;
    }
    progress.status = 'completed';
    return progress;
  } catch (error) {
    progress.status = 'failed';
    progress.error = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw ApplicationFailure.nonRetryable(`price generation ${input.generationId} failed: ${progress.error}`, 'PriceGenerationFailed');
  }
}
