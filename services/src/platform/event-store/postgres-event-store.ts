import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { prepareEvents } from './event-envelope';
import { AppendRaceError, answerFromStored, checkExpected, lookBeforeAppend } from './postgres-append';
import { appendInOneTrip } from './postgres-one-trip-append';
import { appendToStreamsInOneTrip } from './postgres-multi-stream-append';
import { deliverableSql } from './postgres-visibility';
import { pollingSubscription } from './polling-subscription';
import { queryRows } from './postgres-direct-query';
import { appendWatchers } from './postgres-append-notifications';
import type { AppendResult, EventStore, PlatformLogger, Subscription } from './event-store';

interface EventRow {
  global_position: number | string;
  event_id: string;
  stream_name: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

const columns = 'global_position, event_id, stream_name, revision, type, data, metadata';
const readStreamSql = `select ${columns} from events where stream_name = $1 and revision >= $2 order by revision`;
// not prepared: the visibility horizon is worth planning afresh each time
const readAllSql = `select ${columns} from events where global_position > $1 and ${deliverableSql} order by global_position limit $2`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    streamName: row.stream_name,
    revision: row.revision,
    globalPosition: Number(row.global_position),
    data: row.data,
    metadata: row.metadata,
  };
}

export interface PostgresEventStoreOptions {
  knex: Knex;
  /** how often subscriptions look for new events when idle */
  pollIntervalMs?: number;
  /** attempts when a concurrent append raced this one for the same revision or event id */
  raceAttempts?: number;
  logger?: PlatformLogger;
}

/** The default event store (schema: infra/src/migrations/001-event-store.ts). It does not own the
 * knex pool it is given: close() only stops its subscriptions. */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const { knex } = options;
  const subscriptions = new Set<Subscription>();
  const raceAttempts = options.raceAttempts ?? 5;
  const appends = appendWatchers(knex, options.logger);
  const tracked = (subscription: Subscription): Subscription => {
    subscriptions.add(subscription);
    return {
      async stop() {
        subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  };
  const watchAppends = (onAppend: () => void) => tracked(appends.watch(onAppend));

  const readAll = async (afterPosition: number, limit: number) =>
    (await queryRows<EventRow>(knex, { text: readAllSql, values: [afterPosition, limit] })).map(toRecorded);

  const readStream = async (streamName: string, readOptions: { fromRevision?: number } = {}) => {
    const values = [streamName, readOptions.fromRevision ?? 0];
    return (
      await queryRows<EventRow>(knex, { name: 'alpenpass-read-stream', text: readStreamSql, values })
    ).map(toRecorded);
  };

  return {
    async append(streamName, events, { expectedRevision }) {
      const prepared = prepareEvents(events);
      // why nothing was appended: a stored batch (answered as before), a conflict, or a lost race (null)
      const look = async (): Promise<AppendResult | null> => {
        const ids = prepared.map((event) => event.eventId);
        const { current, stored } = await lookBeforeAppend(knex, streamName, ids);
        if (stored.length > 0) return answerFromStored(streamName, prepared, stored);
        checkExpected(streamName, expectedRevision, current);
        return prepared.length === 0 ? { nextExpectedRevision: current, positions: [] } : null;
      };
      if (prepared.length === 0) return (await look())!;
      for (let attempt = 1; ; attempt += 1) {
        const appended = await appendInOneTrip(knex, streamName, prepared, expectedRevision);
        if (appended) return appended;
        const answer = await look();
        if (answer) return answer;
        if (attempt >= raceAttempts) throw new AppendRaceError();
      }
    },

    async appendToStreams(streamAppends, appendOptions = {}) {
      const prepared = streamAppends.map((append) => ({
        streamName: append.streamName,
        events: prepareEvents(append.events),
        expectedRevision: append.expectedRevision === 'no_stream' ? -1 : append.expectedRevision,
      }));
      for (let attempt = 1; ; attempt += 1) {
        const trip = await appendToStreamsInOneTrip(knex, prepared, appendOptions.alsoWrite);
        if (trip) return trip;
        // a race the trip could not see (a single-stream append took a revision): read what moved
        const tails = new Map<string, RecordedEvent[]>();
        for (const append of prepared) {
          const tail = await readStream(append.streamName, { fromRevision: append.expectedRevision + 1 });
          if (tail.length > 0) tails.set(append.streamName, tail);
        }
        if (tails.size > 0) return { appended: false, tails };
        if (attempt >= raceAttempts) throw new AppendRaceError();
      }
    },

    readStream,

    readAll,

    async headPosition() {
      // the same visibility rule as readAll (postgres-visibility.ts)
      const row = await knex('events')
        .max<{ max: number | string | null }>('global_position as max')
        .whereRaw(deliverableSql)
        .first();
      return Number(row?.max ?? 0);
    },

    async lastCommittedPosition() {
      const row = await knex('events').max<{ max: number | string | null }>('global_position as max').first();
      return Number(row?.max ?? 0);
    },

    subscribe(afterPosition, handler) {
      return tracked(
        pollingSubscription({
          readAll,
          afterPosition,
          handler,
          intervalMs: options.pollIntervalMs,
          watchAppends,
          logger: options.logger,
        }),
      );
    },

    watchAppends,

    async close() {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      subscriptions.clear();
    },
  };
}
