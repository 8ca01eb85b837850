import type { Express } from 'express';
import { catalogueStreamName, type FeatureFlags } from '@alpenpass/contracts';
import { capacityProjections } from '@alpenpass/projections/src/capacity';
import { catalogueDocumentsProjection } from '@alpenpass/projections/src/catalogue';
import { currentPricesProjection } from '@alpenpass/projections/src/pricing';
import { basketProjections } from '@alpenpass/projections/src/basket';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import type { AnyProjection } from '@alpenpass/projections';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { capacityReadRouter } from '../../src/capacity/api';
import { catalogueFactsLookup } from '../../src/capacity/catalogue-facts';
import { createSlotAdminService } from '../../src/capacity/slot-admin-service';
import { createCapacityCommands, runSlotCommand } from '../../src/capacity/slot-commands';
import { createSlotGroupService } from '../../src/capacity/slot-group-service';
import { createPostgresEventStore } from '../../src/platform/event-store/postgres-event-store';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { createHttpApp } from '../../src/platform/http/app';
import { createLogger } from '../../src/platform/logger';
import { postgresRateLimiter } from '../../src/platform/rate-limit';
import { createTestIdentity, type TestIdentity } from './test-identity';
import { testChannelId } from './shop-headers';
import { placedDemoCatalogue } from '../../src/demo/catalogue';
import { basketRouter } from '../../src/basket/api';
import { readModelBasketsOfAccount, readModelFactSources } from '../../src/basket/basket-facts';
import {
  createBasketService,
  type BasketDiscountPort,
  type BasketService,
} from '../../src/basket/basket-service';
import type { HoldDurations } from '../../src/basket/hold-deadline';
import { clientHolderKey } from '../../src/basket/client-holder';
import type { TrustProxy } from '../../src/platform/http/trust-proxy';
import type { AccountResources } from '../../src/basket/account-resources';
import type { Knex } from 'knex';
import type { AdmissionGate } from '../../src/waiting-room';
import { appendsThrough, type AppendStep } from './held-steps';

/** Test support for the basket integration tests (not shipped): a private database with the demo
 * catalogue projected, an event store, the basket and capacity routes; holds last 30 minutes, at most an hour. */
export interface BasketTestKit {
  db: TestDatabase;
  store: EventStore;
  identity: TestIdentity;
  app: Express;
  service: BasketService;
  scheduleSlot(
    slotId: number,
    capacity: number,
    productDefinitionIds?: number[],
    from?: string,
  ): Promise<void>;
  project(): Promise<void>;
  close(): Promise<void>;
}

/** A winter day on which every demo product is on sale (the demo catalogue is placed in its season).
 * The demo gondola (product 103: adult 1031, child 1032) has slots; its booking window is 60 days. */
export const kitNow = new Date('2030-12-20T12:00:00Z');
/** The day after kitNow: the kit's slots start on it at 07:00 UTC. */
export const kitSlotDay = '2030-12-21';
export const kitProjections: AnyProjection[] = [
  catalogueDocumentsProjection,
  currentPricesProjection,
  ...capacityProjections,
  ...basketProjections,
];

/** The demo catalogue placed in the season of `now`, as the demo loader publishes it. */
export async function publishDemoCatalogue(store: EventStore, now: Date = kitNow): Promise<void> {
  for (const document of placedDemoCatalogue(now).documents) {
    await store.append(
      catalogueStreamName(document.id),
      [{ type: 'ContentDocumentPublished', data: { document } }],
      { expectedRevision: 'any' },
    );
  }
}

export interface BasketTestKitOptions {
  holds?: HoldDurations;
  /** guest basket creations per client address (unlimited when absent), counted in one window: the kit's clock stands still */
  guestCreationsPerMinute?: number;
  /** TRUST_PROXY of the kit's app (off when absent) */
  trustProxy?: TrustProxy;
  /** what accounts own, given the kit's store and database (none when absent) */
  accounts?: (store: EventStore, knex: Knex) => AccountResources;
  /** the discount context's basket port, given the kit's store and database (no discounts when absent) */
  discounts?: (store: EventStore, knex: Knex) => BasketDiscountPort;
  /** the shop's §6 flags (absent: comments are taken, docs/feature-flags.md) */
  featureFlags?: FeatureFlags;
  /** the waiting room's gate, given the kit's store and database (none when absent) */
  admission?: (store: EventStore, knex: Knex) => AdmissionGate;
  /** where a test holds a chosen append of the kit's store back (held-steps.ts) */
  appendStep?: AppendStep;
}

export async function createBasketTestKit(options: BasketTestKitOptions = {}): Promise<BasketTestKit> {
  const db = await createTestDatabase();
  const postgresStore = createPostgresEventStore({ knex: db.knex });
  const store = options.appendStep ? appendsThrough(postgresStore, options.appendStep) : postgresStore;
  await publishDemoCatalogue(store);
  for (const projection of kitProjections) await ensureLiveGeneration(db.knex, store, projection);
  const project = async () => {
    for (const projection of kitProjections)
      await catchUp(db.knex, store, projection, liveTarget(projection.name));
  };
  await project();

  const service = createBasketService({
    store,
    sources: readModelFactSources(db.knex, store),
    capacity: createCapacityCommands(store),
    holds: options.holds ?? { ttlMs: 30 * 60 * 1000, maxLifetimeMs: 60 * 60 * 1000 },
    log: createLogger('silent'),
    now: () => kitNow,
    accounts: options.accounts?.(store, db.knex),
    discounts: options.discounts?.(store, db.knex),
    guestCreations:
      options.guestCreationsPerMinute === undefined
        ? undefined
        : postgresRateLimiter(db.knex, {
            limit: options.guestCreationsPerMinute,
            windowMs: 60_000,
            now: () => kitNow,
          }),
    clientHolderKey: clientHolderKey('basket-test-kit-order-access-secret'),
    featureFlags: options.featureFlags,
    admission: options.admission?.(store, db.knex),
    basketsOfAccount: readModelBasketsOfAccount(db.knex),
  });
  const lookupProduct = catalogueFactsLookup(db.knex);
  const capacityDeps = {
    knex: db.knex,
    lookupProduct,
    slotGroups: createSlotGroupService({ store, knex: db.knex, lookupProduct }),
    slots: createSlotAdminService(store),
    now: () => kitNow,
  };
  const identity = await createTestIdentity();
  const app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [identity.key.publicJwk],
    routers: [basketRouter(service), capacityReadRouter(capacityDeps)],
    readiness: [],
    trustProxy: options.trustProxy,
  });

  return {
    db,
    store,
    identity,
    app,
    service,
    async scheduleSlot(
      slotId,
      capacity,
      productDefinitionIds = [1031, 1032],
      from = `${kitSlotDay}T07:00:00Z`,
    ) {
      const to = new Date(Date.parse(from) + 3 * 3600_000).toISOString().replace('.000Z', 'Z');
      await runSlotCommand(
        store,
        {
          type: 'ScheduleSlot',
          data: {
            slotId,
            slotGroupId: 1,
            productId: 103,
            from,
            to,
            capacity,
            productDefinitionIds,
            visible: true,
            isAllDay: false,
          },
        },
        { actor: 'system' },
      );
    },
    project,
    async close() {
      await store.close();
      await db.drop();
    },
  };
}
