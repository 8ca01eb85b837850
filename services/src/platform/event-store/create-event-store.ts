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
