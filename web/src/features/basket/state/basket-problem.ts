import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export type BasketProblem = 'soldOut' | 'conflict' | 'failed';

/** Codes the API answers with a 409 when a slot has not enough places left. */
const SOLD_OUT_CODES = new Set(['SLOT_SOLD_OUT', 'SLOT_CAPACITY_EXHAUSTED']);

/** What a failed basket call means for the customer (the texts are in basketMessages). */
export function basketProblemOf(error: FetchBaseQueryError | SerializedError): BasketProblem {
  if (!('status' in error) || error.status !== 409) return 'failed';
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && SOLD_OUT_CODES.has(code) ? 'soldOut' : 'conflict';
}
