import type { AccessUsageEventInput, UsageCardSystem } from '@alpenpass/contracts';
import { JSONCodec, type JetStreamClient, type NatsConnection } from 'nats';
import { startDurableConsumer } from '../platform/bus/durable-consumer';
import type { PlatformLogger } from '../platform/event-store/event-store';
import type { UsageRecorder } from './usage-recorder';

/** Where the access system publishes (AppConfig.accessUsage): stream ACCESS_USAGE, subjects access.usage.<system>. */
export interface AccessUsageSettings {
  stream: string;
  subjectPrefix: string;
}

const codec = JSONCodec<unknown>();

/** Creates the usage stream when it is missing (the shop and the simulator both may be first). */
export async function ensureUsageStream(nats: NatsConnection, settings: AccessUsageSettings): Promise<void> {
  const manager = await nats.jetstreamManager();
  try {
    await manager.streams.info(settings.stream);
  } catch (error) {
    if (!/stream not found/i.test(String((error as Error).message))) throw error;
    // duplicate_window (2 minutes) drops a re-published eventId at once; later replays are deduplicated by the consumption
    await manager.streams.add({ name: settings.stream, subjects: [`${settings.subjectPrefix}.>`] });
  }
}

/** As the access system does: subject per system, Nats-Msg-Id = eventId. */
export async function publishUsage(
  js: JetStreamClient,
  settings: AccessUsageSettings,
  system: UsageCardSystem | 'SHOP',
  event: AccessUsageEventInput | Record<string, unknown>,
): Promise<{ duplicate: boolean }> {
  const eventId = typeof event.eventId === 'string' ? event.eventId : undefined;
  const ack = await js.publish(
    `${settings.subjectPrefix}.${system.toLowerCase()}`,
    codec.encode(event),
    eventId ? { msgID: eventId } : undefined,
  );
  return { duplicate: ack.duplicate };
}

/**
 * The durable consumer `consumption-usage` (worker role): every message is recorded or parked before it
 * is acked; a fault of the store or database naks it for redelivery. A message that is not JSON is
 * parked like any malformed one (its text kept).
 */
export async function startUsageConsumer(options: {
  nats: NatsConnection;
  settings: AccessUsageSettings;
  recorder: UsageRecorder;
  log: PlatformLogger;
  durableName?: string;
}) {
  await ensureUsageStream(options.nats, options.settings);
  return startDurableConsumer<{ subject: string; data: unknown }>({
    nats: options.nats,
    settings: { streamName: options.settings.stream, subjectPrefix: options.settings.subjectPrefix },
    durableName: options.durableName ?? 'consumption-usage',
    filterSubject: `${options.settings.subjectPrefix}.>`,
    decode: (data, subject) => {
      try {
        return { subject, data: codec.decode(data) };
      } catch {
        return { subject, data: { unparsable: new TextDecoder().decode(data).slice(0, 2000) } };
      }
    },
    handler: async ({ subject, data }) => {
      await options.recorder.receive(subject, data);
    },
    logger: options.log,
  });
}
