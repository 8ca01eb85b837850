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
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import { getStreamActivity } from '@alpenpass/projections';
import { fragileProjection } from '@alpenpass/projections/test/support/runtime-fixtures';
import { runProjectionsCommand } from './cli/projections-command';
import { loadOrCreateSigningKey } from './platform/auth/signing-key';
import { mintToken } from './platform/auth/tokens';
import { loadConfig } from './platform/config';
import { createPostgresEventStore } from './platform/event-store/postgres-event-store';
import { createLogger } from './platform/logger';
import { startRuntime, type Runtime } from './runtime';

/** An event one read model cannot apply must not keep the shop from starting or serving. */
jest.setTimeout(patientMs(60_000));
let db: TestDatabase;
let runtime: Runtime | undefined;
let natsStream: string;
const channelId = '3d8f5a1e-6b2c-4f7d-9e0a-1c2b3d4e5f60';
const headers = { 'x-client-id': '1', 'x-channel-id': channelId };

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await runtime?.stop();
  const nats = await connect({ servers: 'nats://127.0.0.1:4222' });
  await (await nats.jetstreamManager()).streams.delete(natsStream).catch(() => undefined);
  await nats.close();
  await db?.drop();
});

it('starts, serves and keeps the other read models current while one projection fails; it recovers once fixed', async () => {
  const seedStore = createPostgresEventStore({ knex: db.knex });
  const { positions } = await seedStore.append(
    'season-2025',
    [
      { type: 'SeasonOpened', data: {} },
      { type: 'SeasonPricesGenerated', data: { dates: 2_900_000 } },
      { type: 'SeasonClosed', data: {} },
    ],
    { expectedRevision: 'no_stream' },
  );
  const poisonPosition = positions[1]!;

  const suffix = randomBytes(4).toString('hex');
  natsStream = `POISON_${suffix}`;
  const keyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-keys-')), 'key.json');
  const config = loadConfig({
    PORT: '0',
    ROLES: 'api,relay,projector',
    DATABASE_URL: db.url,
    NATS_STREAM: natsStream,
    NATS_SUBJECT_PREFIX: `poison_${suffix}`,
    TEMPORAL_TASK_QUEUE: `poison-${suffix}`,
    CHANNEL_ID: channelId,
    AUTH_SIGNING_KEY_FILE: keyFile,
    LOAD_DEMO_DATA: 'false',
    SERVE_WEB: 'false',
  });
  const fragile = fragileProjection('SeasonPricesGenerated');
  runtime = await startRuntime(config, createLogger('silent'), {
    extraProjections: [fragile],
    projectorRetry: { initialMs: 100, maxMs: 400 },
  });
  const api = request(runtime.url!);

  // the other read models went past the poison event
  expect(await getStreamActivity(db.knex, 'season-2025')).toMatchObject({
    eventCount: 3,
    lastType: 'SeasonClosed',
  });

  // the API serves, and commands still travel through relay, bus and projector into read models
  const key = await loadOrCreateSigningKey(keyFile);
  const admin = `Bearer ${await mintToken(key, { issuer: config.auth.issuers[0]!, audience: config.auth.audience }, { subject: 'staff-1', roles: ['admin'] })}`;
  const created = await api
    .post('/api/admin/channels')
    .set(headers)
    .set('authorization', admin)
    .send({ name: 'Poison-proof kiosk', type: 'WEB', productIds: [] });
  expect(created.status).toBe(201);
  await waitForValue(
    'the new channel listed',
    () => api.get('/api/admin/channels').set(headers).set('authorization', admin),
    (response) => response.body.some?.((channel: { name: string }) => channel.name === 'Poison-proof kiosk'),
    20_000,
  );

  // ready says degraded (still 200) and names the projection and the event's position
  const ready = await api.get('/api/ready');
  expect(ready.status).toBe(200);
  expect(ready.body).toMatchObject({
    status: 'degraded',
    checks: { postgres: 'ok', eventStore: 'ok', nats: 'ok', projections: 'degraded' },
    details: {
      projections: {
        fragile: {
          state: 'failed',
          failedAt: poisonPosition,
          eventType: 'SeasonPricesGenerated',
          checkpoint: positions[0],
        },
        'stream-activity': { state: 'ok' },
      },
    },
  });
  expect(ready.body.details.projections.fragile.error).toMatch(/fragile_projection_cannot_read_this/);

  let out = '';
  const cli = {
    knex: db.knex,
    source: runtime.store,
    projections: runtime.projections,
    out: (text: string) => (out += text),
    err: () => {},
  };
  await runProjectionsCommand(['status'], cli);
  expect(out).toMatch(
    new RegExp(
      `^fragile\\s+1\\s+1\\s+${positions[0]}\\s+\\d+\\s+\\d+\\s+-\\s+failed at ${poisonPosition} \\(SeasonPricesGenerated\\): .*fragile_projection_cannot_read_this`,
      'm',
    ),
  );
  expect(out).toMatch(/^stream-activity\s+1\s+1\s+(\d+)\s+\1\s+0\s+-\s+ok$/m);

  // the cause goes away: the next retry gets past the event, without a restart
  fragile.fault.active = false;
  const recovered = await waitForValue(
    'the shop ready with the fragile projection past the event',
    () => api.get('/api/ready'),
    (response) =>
      response.body.status === 'ready' && response.body.details.projections.fragile.state === 'ok',
    20_000,
  );
  expect(recovered.body.details.projections.fragile).toMatchObject({ state: 'ok', lag: 0 });
  expect(
    await db.knex('fragile_events').where('position', '>=', poisonPosition).orderBy('position').pluck('type'),
  ).toEqual(expect.arrayContaining(['SeasonPricesGenerated', 'SeasonClosed']));
});
