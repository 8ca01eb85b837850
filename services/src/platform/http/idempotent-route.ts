import type { Response } from 'express';
import { idempotencyErrorCodes } from '@alpenpass/contracts';
import { isStaff, type Principal } from '../auth/principal';
import { fingerprintOf, type IdempotentRequests, type StoredAnswer } from '../idempotent-requests';
import { Problem } from './problem';

/** One request under an Idempotency-Key: whose key, on which route, and a hash of what it asks. */
export interface IdempotentCall {
  scope: string;
  key: string;
  fingerprint: string;
}

export const accountCallerScope = (accountId: string) => `account:${accountId}`;

/** Keys belong to a caller: staff by their id, customers (and guest identities) by their account, anonymous guests together. */
function callerScopeOf(principal: Principal | null): string {
  if (!principal) return 'guest';
  if (isStaff(principal)) return `staff:${principal.subject}`;
  if (principal.accountId) return accountCallerScope(principal.accountId);
  return `subject:${principal.subject}`;
}

export function idempotentCallOf(
  principal: Principal | null,
  route: string,
  key: string,
  request: { params: unknown; query: unknown; body: unknown },
): IdempotentCall {
  return { scope: `${callerScopeOf(principal)} ${route}`, key, fingerprint: fingerprintOf(request) };
}

function send(res: Response, answer: StoredAnswer): void {
  if (answer.body === null) res.status(answer.status).end();
  else res.status(answer.status).type('application/json').send(answer.body);
}

/**
 * Carries out a request under an Idempotency-Key once (docs/http.md, "Idempotency-Key"): the
 * first request claims the key and its success answer is kept; a repeat of the same request gets that
 * answer (`Idempotency-Replayed: true`) and runs nothing; another request under the key is 422, and a
 * repeat while the first still runs waits for its answer, then 409. A request that fails (4xx or 5xx)
 * frees its key, so it can be sent again.
 */
export async function answerOnce(
  store: IdempotentRequests,
  call: IdempotentCall,
  res: Response,
  run: () => Promise<StoredAnswer>,
): Promise<void> {
  const claim = await store.claim(call.scope, call.key, call.fingerprint);
  if (claim.kind === 'reused')
    throw new Problem(
      422,
      idempotencyErrorCodes.reused,
      'This Idempotency-Key was used for another request.',
    );
  if (claim.kind === 'in_flight')
    throw Problem.conflict(
      idempotencyErrorCodes.inFlight,
      'The request with this Idempotency-Key is still being carried out; ask again shortly.',
    );
  if (claim.kind === 'replay') {
    res.setHeader('idempotency-replayed', 'true');
    send(res, claim.answer);
    return;
  }
  let answer: StoredAnswer;
  try {
    answer = await run();
    if (res.headersSent)
      throw new Error('A route that takes an Idempotency-Key must answer by returning its result.');
  } catch (error) {
    await store.release(call.scope, call.key);
    throw error;
  }
  await store.answer(call.scope, call.key, answer);
  send(res, answer);
}
