/**
 * EventStoreDB / KurrentDB adapter, chosen with EVENT_STORE=eventstoredb and EVENTSTORE_URL
 * (a connection string such as `kurrentdb://127.0.0.1:2113?tls=false`; esdb:// works too).
 *
 * Client: `@kurrent/kurrentdb-client`, the maintained successor of `@eventstore/db-client` after the
 * product's rename to KurrentDB. It keeps the same API (only `expectedRevision` became `streamState`),
 * talks to EventStoreDB 23+ and KurrentDB servers alike, and is where fixes now land.
 *
 * Global positions: the port uses one number; we use the event's prepare position, which is unique per
 * event. Resuming from a number needs the (commit, prepare) pair again, so the adapter remembers the
 * pairs it has handed out recently and otherwise resumes from (P, P).
 */
import type { RecordedEvent } from '@alpenpass/contracts';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { prepareEvents } from './event-envelope';
import {
  silentLogger,
  WrongExpectedRevisionError,
  type EventStore,
  type PlatformLogger,
} from './event-store';

type JsonData = Record<string, unknown>;

export function createEventStoreDbEventStore(options: { url: string; logger?: PlatformLogger }): EventStore {
  const client = KurrentDBClient.connectionString(options.url);
  const logger = options.logger ?? silentLogger;
  const knownPositions = new Map<number, Position>();
  const subscriptions = new Set<() => Promise<void>>();

  const remember = (position: Position): number => {
    const number = Number(position.prepare);
    knownPositions.set(number, position);
    if (knownPositions.size > 10_000) knownPositions.delete(knownPositions.keys().next().value!);
    return number;
  };
  const fromNumber = (after: number) =>
    after <= 0 ? START : (knownPositions.get(after) ?? { commit: BigInt(after), prepare: BigInt(after) });

  const toRecorded = (resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined => {
    const event = resolved.event;
    if (!event || !event.isJson) return undefined;
    return {
      eventId: event.id,
      type: event.type,
      streamName: event.streamId,
      revision: Number(event.revision),
      globalPosition: event.position ? remember(event.position) : -1,
      data: event.data,
      metadata: event.metadata as unknown as RecordedEvent['metadata'],
    };
  };

  const readStream = async (streamName: string, fromRevision = 0, maxCount?: number) => {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamName, {
        fromRevision: BigInt(fromRevision),
        direction: FORWARDS,
        maxCount,
      })) {
        const recorded = toRecorded(resolved);
        if (recorded) events.push(recorded);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  const lastPosition = async (): Promise<number> => {
    for await (const resolved of client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      return toRecorded(resolved)?.globalPosition ?? 0;
    }
    return 0;
  };

  return {
    async append(streamName, events, { expectedRevision }) {
      const prepared = prepareEvents(events);
      const streamState =
        expectedRevision === 'any'
          ? ANY
          : expectedRevision === 'no_stream'
            ? NO_STREAM
            : BigInt(expectedRevision);
      try {
        const result = await client.appendToStream(
          streamName,
          prepared.map((event) =>
            jsonEvent({
              id: event.eventId,
              type: event.type,
              data: event.data as JsonData,
              metadata: { ...event.metadata },
            }),
          ),
          { streamState },
        );
        const next = Number(result.nextExpectedRevision);
        const written = prepared.length
          ? await readStream(streamName, next - prepared.length + 1, prepared.length)
          : [];
        return { nextExpectedRevision: next, positions: written.map((event) => event.globalPosition) };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualState;
          throw new WrongExpectedRevisionError(
            streamName,
            expectedRevision,
            typeof actual === 'bigint' ? Number(actual) : 'no_stream',
          );
        }
        throw error;
      }
    },

    readStream: (streamName, readOptions = {}) => readStream(streamName, readOptions.fromRevision ?? 0),

    async readAll(afterPosition, limit) {
      const events: RecordedEvent[] = [];
      const reading = client.readAll({
        fromPosition: fromNumber(afterPosition),
        direction: FORWARDS,
        maxCount: limit + 1,
        filter: excludeSystemEvents(),
      });
      for await (const resolved of reading) {
        const recorded = toRecorded(resolved);
        if (recorded && recorded.globalPosition > afterPosition) events.push(recorded);
        if (events.length >= limit) break;
      }
      return events;
    },

    headPosition: lastPosition,

    // a committed event is readable at once here: there is no horizon to wait for
    lastCommittedPosition: lastPosition,

    subscribe(afterPosition, handler) {
      let position = afterPosition;
      let stopped = false;
      let current: AllStreamSubscription | undefined;
      const loop = (async () => {
        while (!stopped) {
          try {
            current = client.subscribeToAll({
              fromPosition: fromNumber(position),
              filter: excludeSystemEvents(),
            });
            for await (const resolved of current) {
              if (stopped) break;
              const recorded = toRecorded(resolved);
              if (!recorded || recorded.globalPosition <= position) continue;
              await handler(recorded);
              position = recorded.globalPosition;
            }
          } catch (error) {
            if (stopped) break;
            logger.warn({ err: error, position }, 'eventstoredb subscription: resubscribing');
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        }
      })();
      const stop = async () => {
        stopped = true;
        await current?.unsubscribe().catch(() => undefined);
        await loop;
        subscriptions.delete(stop);
      };
      subscriptions.add(stop);
      return { stop };
    },

    async close() {
      await Promise.all([...subscriptions].map((stop) => stop()));
      await client.dispose();
    },
  };
}
