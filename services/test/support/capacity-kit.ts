import type { Knex } from 'knex';
import { capacityProjections } from '@alpenpass/projections/src/capacity';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../../src/platform/event-store/postgres-event-store';
import type { EventStore } from '../../src/platform/event-store/event-store';
import type { ProductSlotFacts } from '../../src/capacity/product-facts';

/** Test support for the capacity integration tests (not shipped): a private database, its event
 * store, live capacity read models and a way to bring them up to date. */
export interface CapacityTestKit {
  db: TestDatabase;
  knex: Knex;
  store: EventStore;
  /** applies every stored event to the capacity read models (what the projector role does) */
  project(): Promise<void>;
  close(): Promise<void>;
}

export async function createCapacityTestKit(): Promise<CapacityTestKit> {
  const db = await createTestDatabase();
  const store = createPostgresEventStore({ knex: db.knex });
  for (const projection of capacityProjections) await ensureLiveGeneration(db.knex, store, projection);
  return {
    db,
    knex: db.knex,
    store,
    async project() {
      for (const projection of capacityProjections)
        await catchUp(db.knex, store, projection, liveTarget(projection.name));
    },
    async close() {
      await store.close();
      await db.drop();
    },
  };
}

/** A gondola in Zurich time and a partner lift in New York time, as the catalogue would answer. */
export const testProducts: Record<number, ProductSlotFacts> = {
  3: {
    productId: 3,
    timezone: 'Europe/Zurich',
    productDefinitionIds: [31, 32],
    bookingWindow: { earliestDaysBefore: 60, latestMinutesBeforeStart: 30 },
  },
  4: {
    productId: 4,
    timezone: 'America/New_York',
    productDefinitionIds: [41],
    bookingWindow: { earliestDaysBefore: null, latestMinutesBeforeStart: null },
  },
};

export const testProductLookup = async (productId: number) => testProducts[productId] ?? null;
