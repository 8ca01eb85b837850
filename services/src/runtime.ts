import { connect as connectNats, type NatsConnection } from 'nats';
import type { Knex } from 'knex';
import { createKnex, ensureDatabase, migrateToLatest } from '@alpenpass/infra';
import { contextFactories } from './contexts';
import type { ContextDeps, ContextModule } from './context-module';
import { identityProviderFor } from './platform/auth/identity-provider';
import type { AppConfig } from './platform/config';
import { createEventStore } from './platform/event-store/create-event-store';
import type { EventStore } from './platform/event-store/event-store';
import type { ReadinessCheck } from './platform/http/health';
import type { Logger } from './platform/logger';
import { lazyTemporalClient } from './platform/temporal-client';
import { startApi } from './roles/api-role';
import { startProjectorRole } from './roles/projector-role';
import { startRelayRole } from './roles/relay-role';
import { startWorker } from './roles/worker-role';
import { loadDemoData } from './demo';

export interface Runtime {
  /** the api role's address, when this process runs it */
  url?: string;
  knex: Knex;
  store: EventStore;
  contexts: ContextModule[];
  stop(): Promise<void>;
}

type Stoppable = { stop(): Promise<void> } | { shutdown(): Promise<void> };

/** The composition root: shared infrastructure once, contexts over it, then the roles asked for. */
export async function startRuntime(config: AppConfig, log: Logger): Promise<Runtime> {
  await ensureDatabase(config.databaseUrl);
  const knex = createKnex(config.databaseUrl, { max: 20 });
  const applied = await migrateToLatest(knex);
  if (applied.length) log.info({ migrations: applied }, 'database migrated');

  const store = createEventStore({ kind: config.eventStore.kind, eventStoreUrl: config.eventStore.url }, { knex, logger: log });
  const temporal = lazyTemporalClient(config.temporal);
  const deps: ContextDeps = { config, store, knex, log, temporal: temporal.client };
  const contexts = contextFactories.map((factory) => factory(deps));
  const projections = contexts.flatMap((context) => context.projections ?? []);
  const bus = { streamName: config.nats.stream, subjectPrefix: config.nats.subjectPrefix };

  const running: Stoppable[] = [];
  let nats: NatsConnection | undefined;
  const natsConnection = async () => (nats ??= await connectNats({ servers: config.nats.url, name: 'alpenpass' }));
  const has = (role: AppConfig['roles'][number]) => config.roles.includes(role);

  const stop = async () => {
    for (const part of running.reverse()) await ('stop' in part ? part.stop() : part.shutdown()).catch(() => undefined);
    await nats?.drain().catch(() => undefined);
    await temporal.close();
    await store.close();
    await knex.destroy();
  };

  try {
    if (has('projector')) running.push(await startProjectorRole({ knex, store, nats: await natsConnection(), bus, projections, log }));
    if (has('relay')) running.push(await startRelayRole({ knex, store, nats: await natsConnection(), bus, log }));
    if (has('worker')) running.push(await startWorker({ config, log, contexts }));
    if (config.loadDemoData && has('api')) await loadDemoData(deps, log);

    let url: string | undefined;
    if (has('api')) {
      const readiness: ReadinessCheck[] = [
        { name: 'postgres', check: async () => void (await knex.raw('select 1')) },
        { name: 'eventStore', check: async () => void (await store.headPosition()) },
        { name: 'nats', check: async () => void (await (await natsConnection()).flush()) },
        { name: 'temporal', check: () => temporal.check() },
      ];
      const identity = await identityProviderFor(config.auth);
      const api = await startApi({ config, log, identity, contexts, readiness });
      running.push(api);
      url = api.url;
    }
    return { url, knex, store, contexts, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
