import type { Express } from 'express';
import type { Knex } from 'knex';
import { createCheckoutTestKit, type CheckoutTestKit } from './checkout-kit';
import { kitNow } from './basket-kit';
import { testChannelId } from './shop-headers';
import type { ContextModule } from '../../src/platform/context-module';
import type { EventStore } from '../../src/platform/event-store/event-store';
import { loadConfig } from '../../src/platform/config';
import { createHttpApp } from '../../src/platform/http/app';
import { createLogger } from '../../src/platform/logger';
import { waitingRoomContext, type AdmissionGate } from '../../src/waiting-room';
import { defaultPaceSettings } from '../../src/waiting-room/pace';
import type { WaitingRoomSettings } from '../../src/waiting-room/settings';

/** Test support (not shipped): the checkout kit (baskets, checkout, orders at kitNow) whose basket and checkout ask
 * a waiting room over the same database, and that waiting room's routes behind an app of their own. Its clock
 * starts at kitNow and moves when a test says; `instance()` builds another API process's waiting room. */
export interface WaitingRoomTestKit {
  checkout: CheckoutTestKit;
  /** the waiting room's admin and queue routes */
  app: Express;
  knex: Knex;
  clock: { now: Date; advance(ms: number): void };
  settings: WaitingRoomSettings;
  /** another process's waiting room over the same database and clock: its own caches, its own app */
  instance(): { app: Express; gate: AdmissionGate };
  close(): Promise<void>;
}

export const waitingRoomTestSettings: WaitingRoomSettings = {
  admissionGraceMs: 60_000,
  admissionSessionMs: 30 * 60_000,
  abandonAfterMs: 10 * 60_000,
  salesCacheMs: 50,
  // far above what the tests' own requests take: only the loads a test reports slow the pace
  pace: { ...defaultPaceSettings, targetP99Ms: 60_000 },
};

export async function createWaitingRoomTestKit(): Promise<WaitingRoomTestKit> {
  const clock = {
    now: new Date(kitNow),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  let shared: { store: EventStore; knex: Knex } | undefined;
  const modules: (ContextModule & { gate: AdmissionGate })[] = [];
  // every instance derives its keys from the same ORDER_ACCESS_SECRET, as the shop's processes do
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const build = () =>
    waitingRoomContext(
      {
        config,
        store: shared!.store,
        knex: shared!.knex,
        log: createLogger('silent'),
        temporal: () => Promise.reject(new Error('no Temporal in waiting-room tests')),
      },
      { settings: waitingRoomTestSettings, now: () => clock.now },
    );
  const first = (store: EventStore, knex: Knex) => {
    shared ??= { store, knex };
    if (modules.length === 0) modules.push(build());
    return modules[0]!.gate;
  };
  const checkout = await createCheckoutTestKit({ admission: first });
  const appOf = (module: ContextModule) =>
    createHttpApp({
      log: createLogger('silent'),
      shop: { clientId: '1', channelId: testChannelId },
      verifyToken: checkout.basket.identity.verifyToken,
      publicKeys: [],
      routers: module.routers ?? [],
      readiness: [],
    });
  return {
    checkout,
    app: appOf(modules[0]!),
    knex: checkout.basket.db.knex,
    clock,
    settings: waitingRoomTestSettings,
    instance() {
      const module = build();
      return { app: appOf(module), gate: module.gate };
    },
    close: () => checkout.close(),
  };
}
