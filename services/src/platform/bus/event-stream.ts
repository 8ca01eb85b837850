import type { RecordedEvent } from '@alpenpass/contracts';
import { JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import type { BusMessage } from './batch-publisher';
import { allEventsSubject, subjectFor, type EventBusSettings } from './event-bus-settings';

const codec = JSONCodec<RecordedEvent>();

/** Creates the JetStream stream when it is missing, or adds our subjects to it when they changed. */
export async function ensureEventStream(nats: NatsConnection, settings: EventBusSettings): Promise<void> {
  const manager = await nats.jetstreamManager();
  const subjects = [allEventsSubject(settings)];
  try {
    const info = await manager.streams.info(settings.streamName);
    if (!subjects.every((subject) => info.config.subjects.includes(subject))) {
      await manager.streams.update(settings.streamName, {
        ...info.config,
        subjects: [...new Set([...info.config.subjects, ...subjects])],
      });
    }
  } catch (error) {
    if (!/stream not found/i.test(String((error as Error).message))) throw error;
    // duplicate_window (2 minutes by default) is where Nats-Msg-Id deduplication happens
    await manager.streams.add({ name: settings.streamName, subjects });
  }
}

/** Publishes with Nats-Msg-Id = eventId, so a re-published event is dropped by the server. */
export async function publishEvent(
  js: JetStreamClient,
  settings: EventBusSettings,
  event: RecordedEvent,
): Promise<{ duplicate: boolean }> {
  const ack = await js.publish(subjectFor(settings, event), codec.encode(event), { msgID: event.eventId });
  return { duplicate: ack.duplicate };
}

/** Publishes a copy of an event on another subject of the stream (a per-client subject), under a
 * message id of its own so that the stream keeps both and still drops a re-published copy. */
export async function publishEventCopy(
  js: JetStreamClient,
  subject: string,
  event: RecordedEvent,
): Promise<{ duplicate: boolean }> {
  const ack = await js.publish(subject, codec.encode(event), { msgID: `${event.eventId}@${subject}` });
  return { duplicate: ack.duplicate };
}

/** An event as the relay publishes it: on its subject under its id, and a copy on each further subject
 * (a per-client subject) under an id of its own, so that the stream keeps both and drops a re-published copy. */
export function busMessagesOf(
  settings: EventBusSettings,
  event: RecordedEvent,
  copySubjects: readonly string[] = [],
): BusMessage[] {
  const data = codec.encode(event);
  return [
    { subject: subjectFor(settings, event), data, msgID: event.eventId },
    ...copySubjects.map((subject) => ({ subject, data, msgID: `${event.eventId}@${subject}` })),
  ];
}

export function decodeEvent(data: Uint8Array): RecordedEvent {
  return codec.decode(data);
}
