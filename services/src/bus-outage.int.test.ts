import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import request from 'supertest';
import {
  createTestDatabase,
  patientMs,
  waitForValue,
  waitUntil,
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import { loadOrCreateSigningKey } from './platform/auth/signing-key';
import { mintToken } from './platform/auth/tokens';
import { loadConfig } from './platform/config';
import { createLogger } from './platform/logger';
import { loadDemoCatalogue } from './demo/catalogue';
import { startRuntime, type Runtime } from './runtime';
import { ownNatsServer, type OwnNatsServer } from '../test/support/nats-server';

/** A bus outage is not a shop outage: with NATS away, commands append and answer, the read models move
 * (the projector tails the store), /api/ready says degraded; once NATS is back the relay publishes what
 * it missed, every event once. The test runs a NATS server of its own and stops it. */
jest.setTimeout(patientMs(120_000));
let db: TestDatabase;
let nats: OwnNatsServer;
let runtime: Runtime;
let adminAuth: string;
let streamName: string;
const channelId = '3d8f5a1e-6b2c-4f7d-9e0a-1c2b3d4e5f60';
const headers = { 'x-client-id': '1', 'x-channel-id': channelId };
const log = createLogger('silent');

beforeAll(async () => {
  db = await createTestDatabase();
  nats = await ownNatsServer();
  const suffix = randomBytes(4).toString('hex');
  streamName = `OUTAGE_${suffix}`;
  const keyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-keys-')), 'key.json');
  const config = loadConfig({
    PORT: '0',
    ROLES: 'api,relay,projector',
    DATABASE_URL: db.url,
    NATS_URL: nats.url,
    NATS_STREAM: streamName,
    NATS_SUBJECT_PREFIX: `outage_${suffix}`,
    TEMPORAL_TASK_QUEUE: `outage-${suffix}`,
    CHANNEL_ID: channelId,
    AUTH_SIGNING_KEY_FILE: keyFile,
    LOAD_DEMO_DATA: 'false',
    SERVE_WEB: 'false',
  });
  runtime = await startRuntime(config, log);
  await loadDemoCatalogue({ store: runtime.store, config, log });
  const key = await loadOrCreateSigningKey(keyFile);
  const token = await mintToken(
    key,
    { issuer: config.auth.issuers[0]!, audience: config.auth.audience },
    { subject: 'staff-1', roles: ['admin'] },
  );
  adminAuth = `Bearer ${token}`;
});

afterAll(async () => {
  await runtime?.stop();
  await nats?.stop();
  await db?.drop();
});

const api = () => request(runtime.url!);
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** One slot a day of the demo gondola, as staff make them. */
async function gondolaSlot(): Promise<number> {
  const group = await waitForValue(
    'a slot group of the demo gondola (the catalogue projected)',
    () =>
      api()
        .post('/api/admin/slot-groups')
        .set(headers)
        .set('authorization', adminAuth)
        .send({
          name: 'Outage test',
          pattern: 'FREQ=DAILY',
          sampleFrom: '18:00:00',
          sampleTo: '19:00:00',
          startDate: dayAfter(2),
          endDate: dayAfter(4),
          productId: 103,
          productDefinitionIds: [1031],
          color: '#cf222e',
          capacity: 100,
          overlapDetection: false,
        }),
    (response) => response.status === 201,
    30_000,
  );
  const generated = await api()
    .post(`/api/admin/slot-groups/${group.body.id}/slots/generate`)
    .set(headers)
    .set('authorization', adminAuth);
  expect(generated.status).toBeLessThan(300);
  return (generated.body.slotIds as number[])[0]!;
}

const freePlaces = async (slotId: number) => {
  const slots = await api()
    .get(`/api/capacities/slots/products/103?from=${dayAfter(2)}&to=${dayAfter(4)}`)
    .set(headers);
  return (slots.body as { id: number; availableCapacity: number }[]).find((slot) => slot.id === slotId)
    ?.availableCapacity;
};

const relayCheckpoint = async () =>
  Number(
    (
      await db
        .knex('relay_checkpoints')
        .where({ name: `relay:${streamName}` })
        .first()
    )?.position ?? 0,
  );

it('takes basket adds and moves the read models while NATS is away; the relay catches up after, every event once', async () => {
  const slotId = await gondolaSlot();
  const entry = { productDefinitionId: 1031, slotId, allocation: { quantity: 1 } };
  await waitForValue(
    'the slot in the capacity read model',
    () => freePlaces(slotId),
    (free) => free === 100,
    30_000,
  );
  const created = await api()
    .post('/api/baskets')
    .set(headers)
    .send({ entries: [entry] });
  expect(created.status).toBe(201);
  await waitForValue(
    'the hold in the read model',
    () => freePlaces(slotId),
    (free) => free === 99,
    30_000,
  );

  await nats.stop();
  const ready = await waitForValue(
    'the bus reported degraded',
    () => api().get('/api/ready'),
    (response) => response.body?.checks?.nats === 'degraded',
    30_000,
  );
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({
    status: 'degraded',
    checks: { postgres: 'ok', eventStore: 'ok', nats: 'degraded', projections: 'ok' },
    details: { nats: { state: 'unreachable' } },
  });

  const headWhileUp = await runtime.store.headPosition();
  const added = await api()
    .post(`/api/baskets/${created.body.id}/entries`)
    .set(headers)
    .send({ entries: [entry] });
  expect(added.status).toBe(200);
  await waitForValue(
    'the read model moved without the bus',
    () => freePlaces(slotId),
    (free) => free === 98,
    30_000,
  );
  const headAway = await runtime.store.headPosition();
  expect(headAway).toBeGreaterThan(headWhileUp);
  expect(await relayCheckpoint()).toBeLessThan(headAway);

  await nats.start();
  await waitUntil(
    'the relay caught up with the store',
    async () => (await relayCheckpoint()) >= headAway,
    60_000,
  );
  await waitForValue(
    'the bus ready again',
    () => api().get('/api/ready'),
    (response) => response.body?.status === 'ready',
    30_000,
  );

  const connection = await connect({ servers: nats.url });
  try {
    const manager = await connection.jetstreamManager();
    const { state } = await manager.streams.info(streamName);
    const published: string[] = [];
    for (let sequence = state.first_seq; sequence <= state.last_seq; sequence += 1) {
      const message = await manager.streams.getMessage(streamName, { seq: sequence });
      published.push(message.header.get('Nats-Msg-Id'));
    }
    const stored = (await runtime.store.readAll(0, 10_000)).map((event) => event.eventId);
    expect(stored.length).toBeGreaterThan(0);
    // every event of the store on the bus, none lost, none twice (copies on other subjects apart)
    expect(published.filter((id) => !id.includes('@')).sort()).toEqual([...stored].sort());
  } finally {
    await connection.close();
  }
});
