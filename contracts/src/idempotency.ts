import { z } from 'zod';

/** The Idempotency-Key header of the routes that place orders or move money (docs/http.md,
 * "Idempotency-Key"): a repeat under the same key is answered as the first request was. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const idempotencyKey = z.string().trim().min(1).max(200);

export const idempotencyErrorCodes = {
  invalid: 'INVALID_IDEMPOTENCY_KEY',
  /** the key was used by the same caller on the same route for another request */
  reused: 'IDEMPOTENCY_KEY_REUSED',
  /** the first request under the key has not answered yet */
  inFlight: 'IDEMPOTENCY_KEY_IN_FLIGHT',
} as const;
