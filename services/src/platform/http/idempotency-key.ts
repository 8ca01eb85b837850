import type { Request } from 'express';
import { z } from 'zod';
import { Problem } from './problem';

const idempotencyKey = z.string().trim().min(1).max(200).optional();

/** The request's Idempotency-Key header, when it names one: a repeat under it is answered as the first was. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = idempotencyKey.safeParse(req.headers['idempotency-key']);
  if (!key.success) throw Problem.badRequest('INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 1 to 200 characters.', [{ path: 'headers.idempotency-key', message: 'Expected 1 to 200 characters' }]);
  return key.data;
}
