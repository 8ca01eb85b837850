import type { Knex } from 'knex';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';
import type { EventStore, PlatformLogger } from './event-store';
import { createPostgresEventStore } from './postgres-event-store';

export type EventStoreKind = 'postgres' | 'eventstoredb';

export interface EventStoreSettings {
  kind: EventStoreKind;
  /** connection string of EventStoreDB/KurrentDB; required when kind is 'eventstoredb' */
  eventStoreUrl?: string;
}

/** Reads EVENT_STORE (postgres | eventstoredb, default postgres) and EVENTSTORE_URL; a bad value
 * throws an error naming the variable. */
export function eventStoreSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): EventStoreSettings {
  const kind = env.EVENT_STORE?.trim() || 'postgres';
  if (kind !== 'postgres' && kind !== 'eventstoredb') {
    throw new Error(`EVENT_STORE must be "postgres" or "eventstoredb", got "${kind}"`);
  }
  const eventStoreUrl = env.EVENTSTORE_URL?.trim() || undefined;
  if (kind === 'eventstoredb' && !eventStoreUrl)
    throw new Error('EVENTSTORE_URL is required when EVENT_STORE=eventstoredb');
  return { kind, eventStoreUrl };
}

/** The composition root's one way to get the event store. The PostgreSQL store uses the given knex pool
 * (which stays owned by the caller). */
export function createEventStore(
  settings: EventStoreSettings,
  deps: { knex: Knex; logger?: PlatformLogger },
): EventStore {
  if (settings.kind === 'eventstoredb') {
    if (!settings.eventStoreUrl) throw new Error('EVENTSTORE_URL is required when EVENT_STORE=eventstoredb');
    return createEventStoreDbEventStore({ url: settings.eventStoreUrl, logger: deps.logger });
  }
  return createPostgresEventStore({ knex: deps.knex, logger: deps.logger });
}
