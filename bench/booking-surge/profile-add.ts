// Where the time of one add-entry goes: runs adds one after the other (no contention) through the
// basket service and prints, per step, the mean time and the SQL queries it issued; then grows one
// slot stream by many holds and times the same add on it; then EXPLAIN ANALYZE of each distinct query.
// Usage: npx tsx bench/booking-surge/profile-add.ts [adds=50] [holdsOnGrownSlot=2000]
import { AsyncLocalStorage } from 'node:async_hooks';
import { addEntriesBody } from '@alpenpass/contracts';
import { randomUUID } from 'node:crypto';
import { readModelFactSources, type BasketFactSources } from '../../services/src/basket/basket-facts';
import { createBasketService } from '../../services/src/basket/basket-service';
import { clientHolderKey } from '../../services/src/basket/client-holder';
import { kitNow } from '../../services/test/support/basket-kit';
import { createCapacityCommands, type CapacityCommands } from '../../services/src/capacity/slot-commands';
import type { EventStore } from '../../services/src/platform/event-store/event-store';
import { createLogger } from '../../services/src/platform/logger';
import { COLD_SLOTS, HOT_SLOTS, createSurgeDatabase } from './surge-setup';

const step = new AsyncLocalStorage<string>();
const totals = new Map<string, { ms: number; calls: number; queries: number }>();
const sampleSql = new Map<string, { sql: string; bindings: unknown[] }>();

function record(label: string, ms: number, queries = 0) {
  const entry = totals.get(label) ?? { ms: 0, calls: 0, queries: 0 };
  if (queries === 0) {
    entry.ms += ms;
    entry.calls += 1;
  }
  entry.queries += queries;
  totals.set(label, entry);
}

function timed<T extends object>(target: T, name: (method: string, args: unknown[]) => string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const outer = step.getStore();
        const label = `${outer ? `${outer} > ` : ''}${name(String(property), args)}`;
        const started = performance.now();
        try {
          return await step.run(label, () =>
            (value as (...a: unknown[]) => Promise<unknown>).apply(object, args),
          );
        } finally {
          record(label, performance.now() - started);
        }
      };
    },
  });
}

const streamKind = (args: unknown[]) => String(args[0]).replace(/-[^-]+.*$/, '');

async function main() {
  const adds = Number(process.argv[2] ?? 50);
  const grownHolds = Number(process.argv[3] ?? 2000);
  const db = await createSurgeDatabase(10);
  try {
    db.knex.on('query', (query: { sql: string; bindings?: unknown[] }) => {
      const label = step.getStore() ?? '(outside)';
      record(label, 0, 1);
      const key = query.sql.replace(/\$\d+/g, '?').replace(/\(\?(, \?)*\)/g, '(…)');
      if (!sampleSql.has(key)) sampleSql.set(key, { sql: query.sql, bindings: query.bindings ?? [] });
    });
    const store: EventStore = timed(
      db.store,
      (method, args) =>
        `${method}(${method.startsWith('read') && method !== 'readAll' ? streamKind(args) : method === 'append' ? streamKind(args) : ''})`,
    );
    const sources: BasketFactSources = timed(
      readModelFactSources(db.knex, store),
      (method) => `facts.${method}`,
    );
    const capacity: CapacityCommands = timed(createCapacityCommands(store), (method) => `capacity.${method}`);
    const service = createBasketService({
      store,
      sources,
      capacity,
      holds: { ttlMs: null, maxLifetimeMs: null },
      log: createLogger('silent'),
      now: () => kitNow,
      clientHolderKey: clientHolderKey('bench-order-access-secret'),
    });
    const caller = { principal: null, correlationId: randomUUID() };
    const add = (basketId: string, slotId: number) =>
      step.run('add', async () => {
        const started = performance.now();
        await service.addEntries(
          caller,
          basketId,
          null,
          addEntriesBody.parse({ entries: [{ productDefinitionId: 1031, slotId }] }).entries,
        );
        record('add', performance.now() - started);
      });

    const { id } = await service.create(caller, []);
    for (let i = 0; i < 5; i += 1) await add(id, HOT_SLOTS + 1 + i); // warm up
    totals.clear();
    for (let i = 0; i < adds; i += 1) await add(id, HOT_SLOTS + 1 + (i % COLD_SLOTS));
    print(`${adds} sequential adds (cold slots, short streams)`, adds);

    const grown = HOT_SLOTS + COLD_SLOTS;
    for (let i = 0; i < grownHolds; i += 1) {
      await db.store.append(
        `slot-${grown}`,
        [
          {
            type: 'CapacityHeld',
            data: { slotId: grown, basketId: randomUUID(), entryId: randomUUID(), quantity: 1 },
            metadata: {
              correlationId: 'bench',
              causationId: null,
              actor: 'bench',
              at: new Date().toISOString(),
            },
          },
        ],
        { expectedRevision: 'any' },
      );
    }
    totals.clear();
    for (let i = 0; i < 10; i += 1) await add(id, grown);
    print(`10 adds on one slot with ${grownHolds} earlier holds`, 10);

    console.log('\nEXPLAIN ANALYZE of each distinct query:');
    // straight through the driver: knex would read the jsonb `?|` operator as a binding
    const connection = (await db.knex.client.acquireConnection()) as {
      query(sql: string, values: unknown[]): Promise<{ rows: { 'QUERY PLAN': string }[] }>;
    };
    try {
      for (const { sql, bindings } of sampleSql.values()) {
        if (!/^\s*select/i.test(sql)) continue;
        const plan = await connection.query(`explain (analyze, costs off, timing on) ${sql}`, bindings);
        console.log(`\n${sql.slice(0, 220)}`);
        for (const row of plan.rows) console.log(`   ${row['QUERY PLAN']}`);
      }
    } finally {
      await db.knex.client.releaseConnection(connection);
    }
  } finally {
    await db.drop();
  }
}

function print(title: string, adds: number) {
  console.log(`\n${title}: mean per add`);
  for (const [label, { ms, calls, queries }] of [...totals].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `  ${label.padEnd(70)} ${(ms / adds).toFixed(2).padStart(8)} ms  ${(calls / adds).toFixed(1).padStart(5)} calls  ${(queries / adds).toFixed(1).padStart(5)} queries`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
