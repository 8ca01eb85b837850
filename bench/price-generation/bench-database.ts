import { randomBytes } from 'node:crypto';
import { createProjectionRunner } from '../../projections/src/runtime';
import { pricingProjections } from '../../projections/src/pricing';
import {
  createKnex,
  defaultDatabaseUrl,
  dropDatabase,
  ensureDatabase,
  migrateToLatest,
  withDatabase,
} from '../../infra/src';
import { createPostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';
import { createPricingService } from '../../services/src/pricing/pricing-service';
import { inMemoryCatalogue, noDemand } from '../../services/src/pricing/pricing-ports';
import type { PricedDefinition } from '../../services/src/pricing/pricing-model';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** Benchmarks measure this machine: a database elsewhere would measure the network instead. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!loopbackHosts.has(host))
    throw new Error(`benchmarks run against a loopback database only, not ${host}`);
}

/** A throw-away migrated database with the pricing service and its read models over it. */
export async function benchPricing(definitionCount: number) {
  const url = withDatabase(
    process.env.DATABASE_URL ?? defaultDatabaseUrl,
    `alpenpass_bench_${randomBytes(4).toString('hex')}`,
  );
  assertLoopback(url);
  await ensureDatabase(url);
  const knex = createKnex(url, { max: 10 });
  await migrateToLatest(knex);
  const store = createPostgresEventStore({ knex });
  const definitions: PricedDefinition[] = Array.from({ length: definitionCount }, (_, i) => ({
    productDefinitionId: i + 1,
    productId: Math.floor(i / 4) + 1,
    basePrice: 4_000 + (i % 7) * 500,
    durationDays: (i % 4) + 1,
    poolIdentifier: `pool-${i % 5}`,
    timezone: 'Europe/Zurich',
  }));
  const service = createPricingService({
    store,
    catalogue: inMemoryCatalogue(definitions),
    demand: noDemand,
  });
  const runner = createProjectionRunner({ knex, source: store, projections: pricingProjections });
  await runner.start();
  return {
    url,
    knex,
    store,
    service,
    runner,
    async close() {
      await store.close();
      await knex.destroy();
      await dropDatabase(url);
    },
  };
}
