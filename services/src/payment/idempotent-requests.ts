import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { paymentErrorCodes } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { conflict } from '../platform/domain-error';

export interface IdempotentRequestOptions {
  /** how long a repeat waits for the first request's answer */
  waitMs?: number;
  /** a claim without an answer this old belongs to a request that died: a repeat takes it over */
  staleAfterMs?: number;
}

interface ClaimRow {
  fingerprint: string;
  response: unknown;
  claimed_at: Date;
}

export const fingerprintOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

export type IdempotentRequests = ReturnType<typeof idempotentRequests>;

/**
 * Requests with an Idempotency-Key (docs/payments.md, "Idempotency"): the first request claims
 * (scope, key) in `idempotent_requests` (migration 018) and keeps its answer; a repeat with the same
 * request gets that answer and nothing runs twice; the same key with another request is refused (409
 * IDEMPOTENCY_KEY_REUSED). A repeat arriving while the first still runs waits for its answer (409
 * PAYMENT_REQUEST_IN_PROGRESS after `waitMs`). A refused request frees its key: it changed nothing, so
 * it may be tried again. The steps below it are idempotent by their own keys as well, so a request
 * that died half-way and is taken over later cannot pay twice either.
 */
export function idempotentRequests(knex: Knex, options: IdempotentRequestOptions = {}) {
  const waitMs = options.waitMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? 120_000;

  async function claim(scope: string, key: string, fingerprint: string): Promise<boolean> {
    const inserted = await knex('idempotent_requests').insert({ scope, idempotency_key: key, fingerprint }).onConflict(['scope', 'idempotency_key']).ignore().returning('scope');
    return inserted.length > 0;
  }

  async function takeOverStale(scope: string, key: string, claimedAt: Date): Promise<boolean> {
    const taken = await knex('idempotent_requests').where({ scope, idempotency_key: key, claimed_at: claimedAt }).whereNull('response').update({ claimed_at: knex.fn.now() });
    return taken > 0;
  }

  /** the first answer to (scope, key), once there is one; null: this caller runs the request */
  async function answerOrTurn(scope: string, key: string, fingerprint: string): Promise<{ response: unknown } | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await claim(scope, key, fingerprint)) return null;
      const row = (await knex('idempotent_requests').where({ scope, idempotency_key: key }).first()) as ClaimRow | undefined;
      if (!row) continue; // freed by a refused first request meanwhile
      if (row.fingerprint !== fingerprint) throw conflict(paymentErrorCodes.keyReused, 'This Idempotency-Key was used for another request.');
      if (row.response !== null) return { response: row.response };
      if (Date.now() - row.claimed_at.getTime() > staleAfterMs && (await takeOverStale(scope, key, row.claimed_at))) return null;
      if (Date.now() > deadline) throw conflict(paymentErrorCodes.requestInProgress, 'The same request is still being carried out; ask for its result again shortly.');
      await sleep(100);
    }
  }

  return {
    /** runs `request` once per (scope, key); without a key it simply runs */
    async once<T>(scope: string, key: string | undefined, request: unknown, run: () => Promise<T>): Promise<T> {
      if (key === undefined) return run();
      const fingerprint = fingerprintOf(request);
      const earlier = await answerOrTurn(scope, key, fingerprint);
      if (earlier) return earlier.response as T;
      let response: T;
      try {
        response = await run();
      } catch (error) {
        await knex('idempotent_requests').where({ scope, idempotency_key: key }).whereNull('response').delete();
        throw error;
      }
      await knex('idempotent_requests').where({ scope, idempotency_key: key }).update({ response: JSON.stringify(response) });
      return response;
    },
  };
}
