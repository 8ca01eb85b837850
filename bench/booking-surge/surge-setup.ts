// The booking-surge database: a throw-away migrated database with the demo catalogue (and an empty
// price read model) projected and
// the hot and cold slots scheduled. Shared by the surge run and the per-step profile.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { catalogueDocumentsProjection } from '../../projections/src/catalogue';
import { currentPricesProjection } from '../../projections/src/pricing';
import { catchUp, liveTarget } from '../../projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '../../projections/src/runtime/replay';
import {
  createKnex,
  defaultDatabaseUrl,
  dropDatabase,
  ensureDatabase,
  migrateToLatest,
  withDatabase,
} from '../../infra/src';
import { kitSlotDay, publishDemoCatalogue } from '../../services/test/support/basket-kit';
import { runSlotCommand } from '../../services/src/capacity/slot-commands';
import type { EventStore } from '../../services/src/platform/event-store/event-store';
import { createPostgresEventStore } from '../../services/src/platform/event-store/postgres-event-store';

export const HOT_SLOTS = 4;
export const HOT_CAPACITY = 15;
export const COLD_SLOTS = 200;
export const COLD_CAPACITY = 10_000;

export interface SurgeDatabase {
  url: string;
  knex: Knex;
  store: EventStore;
  drop(): Promise<void>;
}

/** A benchmark measures this machine: a remote database would measure the network instead. */
function assertLoopback(url: string): void {
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(url).hostname))
    throw new Error(`bench against a loopback database only: ${url}`);
}

export async function createSurgeDatabase(poolSize: number): Promise<SurgeDatabase> {
  const url = withDatabase(
    process.env.DATABASE_URL ?? defaultDatabaseUrl,
    `alpenpass_bench_${randomBytes(4).toString('hex')}`,
  );
  assertLoopback(url);
  await ensureDatabase(url);
  const knex = createKnex(url, { max: poolSize });
  await migrateToLatest(knex);
  const store = createPostgresEventStore({ knex });
  const drop = async () => {
    await store.close();
    await knex.destroy();
    await dropDatabase(url);
  };
  try {
    await publishDemoCatalogue(store);
    // the price read model exists but is empty (no price generation): entries take their base price
    for (const projection of [catalogueDocumentsProjection, currentPricesProjection]) {
      await ensureLiveGeneration(knex, store, projection);
      await catchUp(knex, store, projection, liveTarget(projection.name));
    }
    for (let slotId = 1; slotId <= HOT_SLOTS + COLD_SLOTS; slotId += 1) {
      const hot = slotId <= HOT_SLOTS;
      // the 30 days after kitNow: inside the gondola's 60-day booking window
      const from = new Date(
        Date.parse(`${kitSlotDay}T07:00:00Z`) + (slotId % 30) * 86_400_000 + (slotId % 8) * 3_600_000,
      );
      const to = new Date(from.getTime() + 3_600_000);
      await runSlotCommand(
        store,
        {
          type: 'ScheduleSlot',
          data: {
            slotId,
            slotGroupId: 1,
            productId: 103,
            from: from.toISOString(),
            to: to.toISOString(),
            capacity: hot ? HOT_CAPACITY : COLD_CAPACITY,
            productDefinitionIds: [1031, 1032],
            visible: true,
            isAllDay: false,
          },
        },
        { actor: 'bench' },
      );
    }
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, knex, store, drop };
}
