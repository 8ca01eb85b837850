import type { Knex } from 'knex';
import { escapeLiteral } from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { PlatformLogger } from '../platform/event-store/event-store';
import type { HoldScheduler } from './hold-reactor';

const timers = 'basket_hold_timers';

/**
 * The basket holds' timers as rows of PostgreSQL (docs/basket.md, "Hold expiry"). A row is due no later
 * than its basket's deadline: the hold reactor writes the deadline when a hold begins and never moves a
 * row's time later; a later deadline is learnt from the basket when the row falls due.
 */
export function postgresHoldScheduler(knex: Knex): HoldScheduler {
  return {
    async holdUntil(basketId, deadline) {
      await knex.raw(
        `insert into ${timers} (basket_id, due_at) values (?, to_timestamp(? / 1000.0))
         on conflict (basket_id) do update
           set due_at = least(${timers}.due_at, excluded.due_at), generation = ${timers}.generation + 1`,
        [basketId, deadline.expiresAtMs],
      );
    },
    // the basket is asked at once rather than the row deleted: a hold that began since then keeps its row
    async end(basketId) {
      await knex.raw(`update ${timers} set due_at = now(), generation = generation + 1 where basket_id = ?`, [
        basketId,
      ]);
    },
  };
}

/** The same upsert as `holdUntil`, as a statement the basket's one-trip add runs in its append's
 * transaction, only when the append went through (the relation `appended` is the store's). */
export function holdTimerWithAppendSql(basketId: string, expiresAtMs: number): string {
  return `insert into ${timers} (basket_id, due_at)
      select ${escapeLiteral(basketId)}, to_timestamp(${Math.trunc(expiresAtMs)} / 1000.0) where exists (select from appended)
      on conflict (basket_id) do update
        set due_at = least(${timers}.due_at, excluded.due_at), generation = ${timers}.generation + 1`;
}

export interface HoldTimerSweeperOptions {
  knex: Knex;
  /** the basket's answer when its timer is due: its later deadline, or null once nothing is held */
  expireIfDue: (basketId: string) => Promise<{ holdUntilMs: number | null }>;
  log: PlatformLogger;
  /** how often due timers are looked for */
  everyMs?: number;
  /** how long a sweep owns the timers it took: a node that died with them leaves them to another after it */
  leaseMs?: number;
  /** timers taken per statement */
  batch?: number;
}

interface DueTimer {
  basket_id: string;
  generation: string;
}

/**
 * Asks the baskets whose timers are due, on every worker node at once: each sweep takes the due rows no
 * other sweep holds (SKIP LOCKED) and leases them by moving their time on, so a node that dies mid-way
 * only delays its baskets by the lease. A basket that still holds moves its row to its deadline; one that
 * released everything deletes it, unless the reactor wrote to it since the sweep took it.
 */
export function startHoldTimerSweeper(options: HoldTimerSweeperOptions): { stop(): Promise<void> } {
  const { knex, log } = options;
  const everyMs = options.everyMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batch = options.batch ?? 50;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> = Promise.resolve();

  const takeDue = async (): Promise<DueTimer[]> =>
    (
      await knex.raw<{ rows: DueTimer[] }>(
        `update ${timers} t set due_at = now() + make_interval(secs => ? / 1000.0)
         from (select basket_id from ${timers} where due_at <= now() order by due_at limit ?
               for update skip locked) due
         where t.basket_id = due.basket_id
         returning t.basket_id, t.generation`,
        [leaseMs, batch],
      )
    ).rows;

  const settle = async ({ basket_id: basketId, generation }: DueTimer) => {
    try {
      const { holdUntilMs } = await options.expireIfDue(basketId);
      if (holdUntilMs !== null)
        await knex.raw(`update ${timers} set due_at = to_timestamp(? / 1000.0) where basket_id = ?`, [
          holdUntilMs,
          basketId,
        ]);
      else {
        const deleted = await knex(timers).where({ basket_id: basketId, generation }).delete();
        // the reactor wrote since the basket was asked: ask it again rather than wait for the lease
        if (deleted === 0)
          await knex.raw(`update ${timers} set due_at = now() where basket_id = ?`, [basketId]);
      }
    } catch (error) {
      log.error(
        { err: error, basketId },
        'basket hold timer: the basket will be asked again after the lease',
      );
    }
  };

  const sweep = async () => {
    for (;;) {
      const due = await takeDue();
      await Promise.all(due.map(settle));
      if (due.length < batch || stopped) return;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      sweeping = sweep()
        .catch((error: unknown) => log.warn({ err: error }, 'basket hold timers: will look again'))
        .finally(schedule);
    }, everyMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await sweeping;
    },
  };
}

/** GET /metrics: baskets whose places are held, and how far behind the oldest due timer is (a worker
 * that stopped sweeping shows here long before a customer notices places that never come back). */
export function registerHoldTimerGauges(registry: Registry, knex: Knex): void {
  new Gauge({
    name: 'alpenpass_basket_hold_timers',
    help: 'Basket hold timers: baskets holding places (count) and the seconds the oldest due timer is overdue (overdue_seconds)',
    labelNames: ['measure'] as const,
    registers: [registry],
    async collect() {
      const row = await knex(timers)
        .first(
          knex.raw(
            'count(*) as count, coalesce(extract(epoch from now() - min(due_at) filter (where due_at < now())), 0) as overdue',
          ),
        )
        .catch(() => undefined);
      this.reset();
      if (!row) return;
      this.set({ measure: 'count' }, Number(row.count));
      this.set({ measure: 'overdue_seconds' }, Number(row.overdue));
    },
  });
}
