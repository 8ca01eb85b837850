import { streamCategory, type RecordedEvent } from '@alpenpass/contracts';

/** Where events travel on NATS. Tests use their own stream name and subject prefix so that parallel
 * runs on one server never see each other's messages. */
export interface EventBusSettings {
  /** JetStream stream name, default EVENTS */
  streamName: string;
  /** first subject token(s), default "events": subjects are `<prefix>.<category>.<type>` */
  subjectPrefix: string;
}

export const defaultBusSettings: EventBusSettings = { streamName: 'EVENTS', subjectPrefix: 'events' };

/** A subject token may not hold dots, wildcards or whitespace. */
function token(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_') || '_';
}

export function subjectFor(
  settings: EventBusSettings,
  event: Pick<RecordedEvent, 'streamName' | 'type'>,
): string {
  return `${settings.subjectPrefix}.${token(streamCategory(event.streamName))}.${token(event.type)}`;
}

export function allEventsSubject(settings: EventBusSettings): string {
  return `${settings.subjectPrefix}.>`;
}
