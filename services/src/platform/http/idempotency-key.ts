import type { Request } from 'express';
import { IDEMPOTENCY_KEY_HEADER, idempotencyErrorCodes, idempotencyKey } from '@alpenpass/contracts';
import { Problem } from './problem';

/** The request's Idempotency-Key header, when it names one; a malformed one is a 400. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = idempotencyKey.optional().safeParse(req.headers[IDEMPOTENCY_KEY_HEADER]);
  if (!key.success)
    throw Problem.badRequest(
      idempotencyErrorCodes.invalid,
      'The Idempotency-Key header must be 1 to 200 characters.',
      [{ path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message: 'Expected 1 to 200 characters' }],
    );
  return key.data;
}
