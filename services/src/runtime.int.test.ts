import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import request from 'supertest';
import { createTestDatabase, waitForValue, type TestDatabase } from '@alpenpass/infra/test/support';
import { loadConfig } from './platform/config';
import { createLogger } from './platform/logger';
import { startRuntime, type Runtime } from './runtime';
import { loadOrCreateSigningKey } from './platform/auth/signing-key';
import { mintToken } from './platform/auth/tokens';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteNatsStreams } from '../test/support/nats-streams';

/** The whole shop in one process, as `npm start` runs it: an admin command travels
 * API → event store → relay → NATS → projector → read model → query endpoint. */
let db: TestDatabase;
let natsStream: string;
let natsSubjectPrefix: string;
let runtime: Runtime;
let adminAuth: string;
const channelId = '3d8f5a1e-6b2c-4f7d-9e0a-1c2b3d4e5f60';
const headers = { 'x-client-id': '1', 'x-channel-id': channelId };

beforeAll(async () => {
  db = await createTestDatabase();
  const suffix = randomBytes(4).toString('hex');
  natsStream = `RUNTIME_${suffix}`;
  natsSubjectPrefix = `runtime_${suffix}`;
  const keyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-keys-')), 'key.json');
  const config = loadConfig({
    PORT: '0',
    ROLES: 'api,relay,projector,worker',
    DATABASE_URL: db.url,
    NATS_STREAM: natsStream,
    NATS_SUBJECT_PREFIX: natsSubjectPrefix,
    ACCESS_USAGE_STREAM: `${natsStream}_ACCESS_USAGE`,
    ACCESS_USAGE_SUBJECT_PREFIX: `${natsSubjectPrefix}_access.usage`,
    TEMPORAL_TASK_QUEUE: `runtime-${suffix}`,
    CHANNEL_ID: channelId,
    AUTH_SIGNING_KEY_FILE: keyFile,
    LOAD_DEMO_DATA: 'false',
    SERVE_WEB: 'false',
  });
  runtime = await startRuntime(config, createLogger('silent'));
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
  await deleteNatsStreams(natsStream, `${natsStream}_ACCESS_USAGE`);
  await db?.drop();
});

describe('the running shop', () => {
  it('is alive and ready with every dependency answering', async () => {
    expect((await request(runtime.url!).get('/api/health')).body).toEqual({ status: 'alive' });
    const ready = await request(runtime.url!).get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ready',
      checks: { postgres: 'ok', eventStore: 'ok', nats: 'ok', temporal: 'ok', projections: 'ok' },
    });
    expect(Object.keys(ready.body.details.projections)).toEqual(
      runtime.projections.map((projection) => projection.name),
    );
  });

  it('carries an admin command through relay, NATS and projector into a query endpoint', async () => {
    const created = await request(runtime.url!)
      .post('/api/admin/channels')
      .set(headers)
      .set('authorization', adminAuth)
      .set('x-correlation-id', 'runtime-test-1')
      .send({ name: 'Kiosk at the valley station', type: 'CONSUMPTION', productIds: [] });
    expect(created.status).toBe(201);

    const listed = await waitForValue(
      'the new channel listed',
      () => request(runtime.url!).get('/api/admin/channels').set(headers).set('authorization', adminAuth),
      (response) =>
        response.body.some?.((channel: { name: string }) => channel.name === 'Kiosk at the valley station'),
      15_000,
    );
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Kiosk at the valley station', type: 'CONSUMPTION' }),
      ]),
    );

    const [stored] = (await runtime.store.readAll(0, 100)).filter(
      (event) => event.metadata.correlationId === 'runtime-test-1',
    );
    expect(stored?.metadata).toMatchObject({ correlationId: 'runtime-test-1', actor: 'staff-1' });

    // the relay published it on the bus under its id, which is how the projector heard of it
    const nats = await connect({ servers: 'nats://127.0.0.1:4222' });
    try {
      const message = await (
        await nats.jetstreamManager()
      ).streams.getMessage(natsStream, { last_by_subj: `${natsSubjectPrefix}.channel.${stored!.type}` });
      expect(message.header.get('Nats-Msg-Id')).toBe(stored!.eventId);
    } finally {
      await nats.close();
    }
  });

  it('lists every context read model in the projection status, caught up with the store', async () => {
    const names = runtime.projections.map((projection) => projection.name);
    expect(names).toEqual(expect.arrayContaining(['stream-activity']));
    const rows = await waitForValue(
      'every read model live at the store head',
      async () => {
        const head = await runtime.store.headPosition();
        const live = await runtime.knex('projection_generations').where({ status: 'live' });
        return { head, live };
      },
      ({ head, live }) => live.length === names.length && live.every((row) => Number(row.position) === head),
      15_000,
    );
    expect(rows.live).toHaveLength(names.length);
  });
});
