import type { Knex } from 'knex';
import { catalogueDocumentsProjection } from '@alpenpass/projections/src/catalogue';
import { channelsProjection } from '@alpenpass/projections/src/channel';
import { createProjectionRunner, type ProjectionRunner } from '@alpenpass/projections';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import type { ContextDeps } from '../../src/platform/context-module';
import { channelContext } from '../../src/channel';
import { loadConfig } from '../../src/platform/config';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { createPostgresEventStore } from '../../src/platform/event-store/postgres-event-store';
import { createHttpApp } from '../../src/platform/http/app';
import { createLogger } from '../../src/platform/logger';
import { createTestIdentity, type TestIdentity } from './test-identity';
import { testChannelId } from './shop-headers';
import { catalogueContext } from '../../src/catalogue';

export const testWebhookSecret = 'test-content-webhook-secret-0123456789';

/** Test support for the catalogue and channel integration tests (not shipped): a private database,
 * its event store, the catalogue and channel read models behind the projection runner, and the
 * HTTP app with both contexts mounted. */
export interface CatalogueTestKit {
  db: TestDatabase;
  knex: Knex;
  store: EventStore;
  deps: ContextDeps;
  identity: TestIdentity;
  app: ReturnType<typeof createHttpApp>;
  /** what the projector role does: apply every stored event to the read models */
  project(): Promise<void>;
  close(): Promise<void>;
}

export async function createCatalogueTestKit(): Promise<CatalogueTestKit> {
  const db = await createTestDatabase();
  const store = createPostgresEventStore({ knex: db.knex });
  const log = createLogger('silent');
  const config = loadConfig({ CHANNEL_ID: testChannelId, CONTENT_WEBHOOK_SECRET: testWebhookSecret });
  const deps: ContextDeps = {
    config,
    store,
    knex: db.knex,
    log,
    temporal: () => Promise.reject(new Error('no Temporal in catalogue tests')),
  };
  const modules = [catalogueContext(deps), channelContext(deps)];
  const runner: ProjectionRunner = createProjectionRunner({
    knex: db.knex,
    source: store,
    projections: [catalogueDocumentsProjection, channelsProjection],
  });
  await runner.start();
  const identity = await createTestIdentity();
  const app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: modules.flatMap((module) => module.routers ?? []),
    externalRouters: modules.flatMap((module) => module.externalRouters ?? []),
    readiness: [],
  });
  return {
    db,
    knex: db.knex,
    store,
    deps,
    identity,
    app,
    project: () => runner.catchUpTo(),
    async close() {
      await store.close();
      await db.drop();
    },
  };
}
