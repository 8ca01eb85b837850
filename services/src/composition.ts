import type { Knex } from 'knex';
import { streamActivityProjection, type AnyProjection } from '@alpenpass/projections';
import { createKnex, ensureDatabase, migrateToLatest } from '@alpenpass/infra';
import type { ActivityDependencies } from '@alpenpass/workflows';
import { activityDependenciesOf, contextFactories } from './contexts';
import type { ContextDeps, ContextModule } from './platform/context-module';
import type { AppConfig } from './platform/config';
import { createEventStore } from './platform/event-store/create-event-store';
import type { EventStore } from './platform/event-store/event-store';
import type { Logger } from './platform/logger';
import { lazyTemporalClient } from './platform/temporal-client';
import { timeAppends } from './platform/metrics/timed-appends';

export interface Composition {
  knex: Knex;
  store: EventStore;
  temporal: ReturnType<typeof lazyTemporalClient>;
  deps: ContextDeps;
  contexts: ContextModule[];
  /** what the worker's activities call (built on first use: only the worker role asks) */
  activities(): ActivityDependencies;
  /** every read model the projector keeps and the ops CLI can inspect or replay */
  projections: AnyProjection[];
  close(): Promise<void>;
}

/** The shared infrastructure (migrated database, event store, lazy Temporal client) and the bounded
 * contexts over it — the same for the running shop and the ops CLI. */
export async function compose(config: AppConfig, log: Logger, pool = { max: 20 }): Promise<Composition> {
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, pool);
  const applied = await migrateToLatest(knex);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');

  const store = timeAppends(
    createEventStore(
      { kind: config.eventStore.kind, eventStoreUrl: config.eventStore.url },
      { knex, logger: log },
    ),
  );
  const temporal = lazyTemporalClient(config.temporal);
  const deps: ContextDeps = { config, store, knex, log, temporal: temporal.client };
  const contexts = contextFactories.map((factory) => factory(deps));
  const projections = [streamActivityProjection, ...contexts.flatMap((context) => context.projections ?? [])];
  return {
    knex,
    store,
    temporal,
    deps,
    contexts,
    activities: () => activityDependenciesOf(deps),
    projections,
    async close() {
      await temporal.close();
      await store.close();
      await knex.destroy();
    },
  };
}
