import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@alpenpass/contracts';
import { connect, type NatsConnection } from 'nats';
import { patientMs, waitUntil } from '@alpenpass/infra/test/support';
import { startDurableConsumer } from './durable-consumer';
import type { EventBusSettings } from './event-bus-settings';
import { ensureEventStream, publishEvent } from './event-stream';

const event = (streamName: string, globalPosition: number): RecordedEvent => ({
  eventId: randomUUID(),
  type: 'Pinged',
  streamName,
  revision: globalPosition - 1,
  globalPosition,
  data: {},
  metadata: { correlationId: 'c', causationId: null, actor: 'system', at: '2025-03-01T00:00:00.000Z' },
});

jest.setTimeout(patientMs(60_000));

describe('durable JetStream consumer', () => {
  let nats: NatsConnection;
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const settings: EventBusSettings = { streamName: `EVENTS_T_${suffix}`, subjectPrefix: `t${suffix}.events` };

  beforeAll(async () => {
    nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await ensureEventStream(nats, settings);
  });
  afterAll(async () => {
    await (await nats.jetstreamManager()).streams.delete(settings.streamName).catch(() => undefined);
    await nats.drain();
  });

  it('drops a re-published event id, redelivers after a failed handler and resubscribes when its consumer vanishes', async () => {
    const js = nats.jetstream();
    const first = event('ping-1', 1);
    expect(await publishEvent(js, settings, first)).toEqual({ duplicate: false });
    expect(await publishEvent(js, settings, first)).toEqual({ duplicate: true });

    const handled: number[] = [];
    let failures = 0;
    const durableName = `test_${suffix}`;
    const consumer = await startDurableConsumer({
      nats,
      settings,
      durableName,
      retryDelayMs: 100,
      handler: async (received) => {
        if (received.globalPosition === 1 && failures === 0) {
          failures += 1;
          throw new Error('handler hiccup');
        }
        handled.push(received.globalPosition);
      },
    });
    try {
      await waitUntil('the event handled after its redelivery', () => handled.includes(1), 10_000);
      expect(failures).toBe(1);

      await (await nats.jetstreamManager()).consumers.delete(settings.streamName, durableName);
      await publishEvent(js, settings, event('ping-2', 2));
      await waitUntil('the next event handled on the consumer made again', () => handled.includes(2), 30_000);
      const info = await (await nats.jetstreamManager()).consumers.info(settings.streamName, durableName);
      expect(info.config.ack_policy).toBe('explicit');
    } finally {
      await consumer.stop();
    }
  });
});
