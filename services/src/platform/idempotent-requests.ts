import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';

export interface IdempotentRequestOptions {
  /** how long a repeat waits for the first request's answer before it is told that one is in flight */
  waitMs?: number;
  /** a claim without an answer this old belongs to a request that died: a repeat takes it over */
  staleAfterMs?: number;
  /** how long a key is remembered: after that, the key is free again and its answer is gone */
  retentionMs?: number;
}

/** Keys are remembered for a day, as payment APIs commonly promise: long enough for any client's retries. */
export const idempotencyKeyRetentionMs = 24 * 60 * 60 * 1000;

/** What the first request answered: its status and its body exactly as sent (JSON text; null: none). */
export interface StoredAnswer {
  status: number;
  body: string | null;
}

export type Claim =
  /** this caller carries the request out, then answers or releases the claim */
  | { kind: 'run' }
  | { kind: 'replay'; answer: StoredAnswer }
  /** the key was claimed for another request */
  | { kind: 'reused' }
  /** the first request has not answered within `waitMs` */
  | { kind: 'in_flight' };

interface ClaimRow {
  fingerprint: string;
  response: StoredAnswer | null;
  claimed_at: Date;
}

/** A canonical hash of what was asked: object keys sorted, so the order a client wrote them in does not count. */
export function fingerprintOf(request: unknown): string {
  const sorted = JSON.stringify(request, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  return createHash('sha256')
    .update(sorted ?? 'undefined')
    .digest('hex');
}

export type IdempotentRequests = ReturnType<typeof idempotentRequests>;

/**
 * The claims and answers of requests sent with an Idempotency-Key, in `idempotent_requests` (migration 018),
 * shared by every API process: a request claims (scope, key) with its fingerprint; the first to claim runs
 * and keeps its answer, a repeat gets that answer, another request under the key is told so. The HTTP rules
 * on top are in `http/idempotent-route.ts`.
 */
export function idempotentRequests(knex: Knex, options: IdempotentRequestOptions = {}) {
  const waitMs = options.waitMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? 120_000;
  const retentionMs = options.retentionMs ?? idempotencyKeyRetentionMs;
  const expiredBefore = () => new Date(Date.now() - retentionMs);
  const row = (scope: string, key: string) =>
    knex('idempotent_requests').where({ scope, idempotency_key: key });

  async function insertClaim(scope: string, key: string, fingerprint: string): Promise<boolean> {
    const inserted = await knex('idempotent_requests')
      .insert({ scope, idempotency_key: key, fingerprint })
      .onConflict(['scope', 'idempotency_key'])
      .ignore()
      .returning('scope');
    return inserted.length > 0;
  }

  async function takeOverStale(scope: string, key: string, claimedAt: Date): Promise<boolean> {
    const taken = await row(scope, key)
      .where({ claimed_at: claimedAt })
      .whereNull('response')
      .update({ claimed_at: knex.fn.now() });
    return taken > 0;
  }

  return {
    async claim(scope: string, key: string, fingerprint: string): Promise<Claim> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        if (await insertClaim(scope, key, fingerprint)) return { kind: 'run' };
        const claimed = (await row(scope, key).first()) as ClaimRow | undefined;
        if (!claimed) continue; // released by a refused first request meanwhile
        if (claimed.claimed_at < expiredBefore()) {
          await row(scope, key).where({ claimed_at: claimed.claimed_at }).delete();
          continue;
        }
        if (claimed.fingerprint !== fingerprint) return { kind: 'reused' };
        if (claimed.response !== null) return { kind: 'replay', answer: claimed.response };
        if (
          Date.now() - claimed.claimed_at.getTime() > staleAfterMs &&
          (await takeOverStale(scope, key, claimed.claimed_at))
        )
          return { kind: 'run' };
        if (Date.now() >= deadline) return { kind: 'in_flight' };
        await sleep(Math.min(100, Math.max(deadline - Date.now(), 0)));
      }
    },

    async answer(scope: string, key: string, answer: StoredAnswer): Promise<void> {
      await row(scope, key).update({ response: JSON.stringify(answer) });
    },

    /** frees the key: the request was refused and changed nothing, so it may be tried again */
    async release(scope: string, key: string): Promise<void> {
      await row(scope, key).whereNull('response').delete();
    },

    /** deletes the keys past retention, with their answers; how many went */
    async purgeExpired(): Promise<number> {
      return knex('idempotent_requests').where('claimed_at', '<', expiredBefore()).delete();
    },
  };
}

/** Deletes one caller's keys and stored answers at once (an erased account's answers hold its data). */
export async function forgetIdempotencyKeysOf(knex: Knex, callerScope: string): Promise<void> {
  await knex('idempotent_requests').where('scope', 'like', `${callerScope} %`).delete();
}
