import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import type { ContextDeps, ContextModule } from '../../src/platform/context-module';
import { loadConfig, type AppConfig } from '../../src/platform/config';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { createPostgresEventStore } from '../../src/platform/event-store/postgres-event-store';
import { createHttpApp } from '../../src/platform/http/app';
import { createLogger } from '../../src/platform/logger';
import { startReactors } from '../../src/platform/reactors';
import { startRelay } from '../../src/platform/relay/relay';
import { createTestIdentity, type TestIdentity } from './test-identity';
import { testChannelId } from './shop-headers';
import { webhookContext } from '../../src/webhook';

/** Test support for the webhook tests (not shipped): a private database and store, the webhook context over
 * them behind the HTTP app, and — once `startDelivery` ran — the relay, the reactors on a NATS stream of the
 * test's own and the dispatcher, as the relay and worker roles run them. */
export interface WebhookTestKit {
  db: TestDatabase;
  knex: Knex;
  store: EventStore;
  config: AppConfig;
  module: ContextModule;
  identity: TestIdentity;
  admin: string;
  app: ReturnType<typeof createHttpApp>;
  startDelivery(): Promise<void>;
  close(): Promise<void>;
}

export async function createWebhookTestKit(env: Record<string, string> = {}): Promise<WebhookTestKit> {
  const db = await createTestDatabase();
  const store = createPostgresEventStore({ knex: db.knex, pollIntervalMs: 20 });
  const log = createLogger('silent');
  const config = loadConfig({
    ...process.env,
    CHANNEL_ID: testChannelId,
    WEBHOOK_RETRY_FIRST_DELAY_MS: '20',
    WEBHOOK_RETRY_MAX_DELAY_MS: '100',
    ...env,
  });
  const deps: ContextDeps = {
    config,
    store,
    knex: db.knex,
    log,
    temporal: () => Promise.reject(new Error('no Temporal in webhook tests')),
  };
  const module = webhookContext(deps);
  const identity = await createTestIdentity();
  const app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: module.routers ?? [],
    externalRouters: module.externalRouters ?? [],
    readiness: [],
  });
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const bus = { streamName: `EVENTS_WH_${suffix}`, subjectPrefix: `wh${suffix}.events` };
  let nats: NatsConnection | undefined;
  const running: { stop(): Promise<void> }[] = [];
  return {
    db,
    knex: db.knex,
    store,
    config,
    module,
    identity,
    admin: await identity.bearer({ subject: 'staff-webhooks', roles: ['admin'] }),
    app,
    async startDelivery() {
      nats = await connect({ servers: config.nats.url });
      running.push(await startRelay({ store, knex: db.knex, nats, settings: bus, idleMs: 20 }));
      running.push(await startReactors({ nats, bus, reactors: module.reactors ?? [], log }));
      for (const job of module.backgroundJobs ?? []) running.push(await job.start());
    },
    async close() {
      for (const part of running.reverse()) await part.stop();
      if (nats) {
        await (await nats.jetstreamManager()).streams.delete(bus.streamName).catch(() => undefined);
        await nats.drain();
      }
      await store.close();
      await db.drop();
    },
  };
}
