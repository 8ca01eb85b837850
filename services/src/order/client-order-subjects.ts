import { readFeatureFlag, streamCategory, type FeatureFlags, type RecordedEvent } from '@alpenpass/contracts';
import type { EventBusSettings } from '../platform/bus/event-bus-settings';

/**
 * clientSpecificOrderPublishers (docs/feature-flags.md): every order event is also published on
 * `<prefix>.orders.<clientId>`, one subject a client's own systems (ERP, accounting) subscribe to for
 * its orders alone. Off: no copies. The copies stay in the event stream; the shop's own consumers
 * (projector, reactors) treat them as the nudges every bus message is.
 */
export function clientOrderSubjects(
  bus: EventBusSettings,
  clientId: string,
  flags: FeatureFlags,
): ((event: RecordedEvent) => string[]) | undefined {
  if (!readFeatureFlag(flags, 'clientSpecificOrderPublishers')) return undefined;
  const subject = `${bus.subjectPrefix}.orders.${clientId}`;
  return (event) => (streamCategory(event.streamName) === 'order' ? [subject] : []);
}
