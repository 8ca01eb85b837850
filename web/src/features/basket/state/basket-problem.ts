import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

export type BasketProblem =
  | 'soldOut'
  | 'holdLimit'
  | 'quantityLimit'
  | 'notBookable'
  | 'tooMany'
  | 'waitingRoom'
  | 'conflict'
  | 'failed';

/** How a change of the basket ended: done, or refused for a reason the customer is told. */
export type BasketOutcome = { ok: true } | { ok: false; problem: BasketProblem };

/** The server's codes (docs/basket.md, "Sale rules" and "Fair holds") by what they mean to a customer. */
const problemOfCode: Record<string, BasketProblem> = {
  SLOT_SOLD_OUT: 'soldOut',
  SLOT_CAPACITY_EXHAUSTED: 'soldOut',
  SLOT_HOLD_LIMIT: 'holdLimit',
  ENTRY_QUANTITY_LIMIT: 'quantityLimit',
  BASKET_PLACES_LIMIT: 'quantityLimit',
  TOO_EARLY_TO_BOOK: 'notBookable',
  TOO_LATE_TO_BOOK: 'notBookable',
  OUTSIDE_AVAILABILITY: 'notBookable',
  VALIDITY_IN_PAST: 'notBookable',
  TOO_MANY_BASKETS: 'tooMany',
  WAITING_ROOM_ADMISSION_REQUIRED: 'waitingRoom',
  WAITING_ROOM_ADMISSION_EXPIRED: 'waitingRoom',
};

/** What a failed basket call means for the customer (the texts are in basketMessages). */
export function basketProblemOf(error: FetchBaseQueryError | SerializedError): BasketProblem {
  if (!('status' in error)) return 'failed';
  const code = (error.data as { code?: unknown } | undefined)?.code;
  const known = typeof code === 'string' ? problemOfCode[code] : undefined;
  if (known) return known;
  return error.status === 409 ? 'conflict' : 'failed';
}
