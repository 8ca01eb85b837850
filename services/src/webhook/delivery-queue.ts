import type { Knex } from 'knex';
import type { AttemptOutcome } from './http-delivery';

export interface ClaimedDelivery {
  id: number;
  subscriptionId: string;
  messageId: string;
  payload: string;
  url: string;
  /** the secrets that sign now: the current one, and the previous one during a rotation's overlap */
  secrets: string[];
  runStartedAt: Date;
  runAttempts: number;
}

interface ClaimedRow {
  id: string | number;
  subscription_id: string;
  message_id: string;
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  run_started_at: Date;
  run_attempts: number;
}

/**
 * Leases up to `limit` due deliveries of enabled subscriptions. Only the head of each aggregate can be due:
 * the oldest pending delivery of an aggregate (its stream) per subscription, in flight or not, so a receiver
 * gets an aggregate's events in their order. The heads are one pass over the pending rows' index (DISTINCT
 * ON); the lease is taken only where the row is still unleased when the update locks it, so several worker
 * processes share the queue without taking a delivery twice.
 */
export async function claimDueDeliveries(
  knex: Knex,
  limit: number,
  leaseMs: number,
  now: Date,
): Promise<ClaimedDelivery[]> {
  const { rows } = await knex.raw<{ rows: ClaimedRow[] }>(
    `with heads as (
       select distinct on (subscription_id, aggregate) id, subscription_id, position, next_attempt_at, leased_until
       from webhook_deliveries
       where status = 'PENDING'
       order by subscription_id, aggregate, position),
     due as (
       select heads.id from heads
       join webhook_routes r on r.subscription_id = heads.subscription_id and r.enabled
       where heads.next_attempt_at <= :now and (heads.leased_until is null or heads.leased_until < :now)
       order by heads.next_attempt_at, heads.position
       limit :limit)
     update webhook_deliveries d set leased_until = :leasedUntil
     from due, webhook_routes r
     join webhook_secrets s on s.secret_id = r.secret_id
     left join webhook_secrets p on p.secret_id = r.previous_secret_id and r.previous_secret_valid_until > :now
     where d.id = due.id and r.subscription_id = d.subscription_id
       and d.status = 'PENDING' and (d.leased_until is null or d.leased_until < :now)
     returning d.id, d.subscription_id, d.message_id, d.payload, r.url, s.secret, p.secret as previous_secret, d.run_started_at, d.run_attempts`,
    { now, limit, leasedUntil: new Date(now.getTime() + leaseMs) },
  );
  return rows.map(claimedOf);
}

const claimedOf = (row: ClaimedRow): ClaimedDelivery => ({
  id: Number(row.id),
  subscriptionId: row.subscription_id,
  messageId: row.message_id,
  payload: row.payload,
  url: row.url,
  secrets: row.previous_secret ? [row.secret, row.previous_secret] : [row.secret],
  runStartedAt: row.run_started_at,
  runAttempts: row.run_attempts,
});

export interface RecordedOutcome {
  attempt: AttemptOutcome;
  at: Date;
  status: 'DELIVERED' | 'PENDING' | 'FAILED';
  error: string | null;
  /** when a pending delivery is tried again */
  nextAt: Date | null;
}

/**
 * The attempt's outcome on the delivery and its line in the log, in one statement. After a success the same
 * statement leases the aggregate's next delivery when it is due (`chain`), so a run of one aggregate's events
 * goes out without a claim per event.
 */
export async function recordAttempt(
  knex: Knex,
  deliveryId: number,
  outcome: RecordedOutcome,
  chain: { leaseMs: number; now: Date },
): Promise<ClaimedDelivery | null> {
  const { attempt } = outcome;
  const { rows } = await knex.raw<{ rows: ClaimedRow[] }>(
    `with updated as (
       update webhook_deliveries set
         status = :status, attempts = attempts + 1, run_attempts = run_attempts + 1, leased_until = null,
         next_attempt_at = coalesce(cast(:nextAt as timestamptz), next_attempt_at),
         delivered_at = case when :status = 'DELIVERED' then cast(:at as timestamptz) else delivered_at end,
         last_status_code = cast(:statusCode as integer), last_error = cast(:error as text)
       where id = :deliveryId
       returning id, attempts, subscription_id, aggregate, position),
     logged as (
       insert into webhook_attempts (delivery_id, attempt, at, status_code, duration_ms, error, response_excerpt)
       select id, attempts, cast(:at as timestamptz), cast(:statusCode as integer), cast(:durationMs as integer), cast(:error as text), cast(:excerpt as text) from updated),
     following as (
       select n.id from webhook_deliveries n join updated u on n.subscription_id = u.subscription_id and n.aggregate = u.aggregate
       where :status = 'DELIVERED' and n.status = 'PENDING' and n.position > u.position
         and not exists (
           select 1 from webhook_deliveries earlier
           where earlier.subscription_id = n.subscription_id and earlier.aggregate = n.aggregate
             and earlier.status = 'PENDING' and earlier.position < n.position and earlier.id <> u.id)
       order by n.position
       limit 1)
     update webhook_deliveries d set leased_until = :leasedUntil
     from following, webhook_routes r
     join webhook_secrets s on s.secret_id = r.secret_id
     left join webhook_secrets p on p.secret_id = r.previous_secret_id and r.previous_secret_valid_until > :now
     where d.id = following.id and r.subscription_id = d.subscription_id and r.enabled
       and d.next_attempt_at <= :now and (d.leased_until is null or d.leased_until < :now)
     returning d.id, d.subscription_id, d.message_id, d.payload, r.url, s.secret, p.secret as previous_secret, d.run_started_at, d.run_attempts`,
    {
      status: outcome.status,
      nextAt: outcome.nextAt,
      at: outcome.at,
      statusCode: attempt.statusCode,
      error: outcome.error,
      deliveryId,
      durationMs: attempt.durationMs,
      excerpt: attempt.responseExcerpt,
      now: chain.now,
      leasedUntil: new Date(chain.now.getTime() + chain.leaseMs),
    },
  );
  return rows[0] ? claimedOf(rows[0]) : null;
}

/** Whether the subscription's receiver took any delivery after `since`: then one delivery that keeps failing
 * is that delivery's problem (a payload the receiver chokes on), not the receiver's. */
export async function deliveredSince(knex: Knex, subscriptionId: string, since: Date): Promise<boolean> {
  const row = await knex('webhook_deliveries')
    .where({ subscription_id: subscriptionId })
    .andWhere('delivered_at', '>', since)
    .first('id');
  return row !== undefined;
}

/** Deliveries that waited for a disabled subscription longer than the retry window are given up (staff
 * redeliver them by time range when they want them after all). */
export async function expireHeldDeliveries(knex: Knex, retryWindowMs: number): Promise<void> {
  await knex.raw(
    `update webhook_deliveries d set status = 'FAILED', last_error = 'expired: its subscription was disabled for the whole retry window'
     from webhook_routes r
     where r.subscription_id = d.subscription_id and not r.enabled and d.status = 'PENDING'
       and d.run_started_at < now() - make_interval(secs => :seconds)`,
    { seconds: retryWindowMs / 1000 },
  );
}

/** Delivered and failed deliveries (and their attempts) leave the log after the retention time. */
export async function forgetOldDeliveries(knex: Knex, retentionMs: number): Promise<void> {
  await knex.raw(
    `delete from webhook_deliveries where id in (
       select id from webhook_deliveries
       where created_at < now() - make_interval(secs => :seconds) and status <> 'PENDING'
       limit 10000)`,
    { seconds: retentionMs / 1000 },
  );
}
