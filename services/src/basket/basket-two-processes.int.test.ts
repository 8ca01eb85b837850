import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slotStreamName } from '@alpenpass/contracts';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { runSlotCommand } from '../capacity/slot-commands';
import { loadOrCreateSigningKey } from '../platform/auth/signing-key';
import { mintToken } from '../platform/auth/tokens';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { startApiProcess, type ApiProcess } from '../../test/support/api-processes';
import { shopHeaders } from '../../test/support/shop-headers';
import { kitProjections, publishDemoCatalogue } from '../../test/support/basket-kit';

/** The oversell test against two API processes on one database: each process caches folded slot
 * states of its own, so only the store's expected revisions keep capacity and the fair-hold cap. The
 * processes trust the test as their proxy (TRUST_PROXY=loopback): a guest is its forwarded address. */
let db: TestDatabase;
let store: EventStore;
let apis: ApiProcess[] = [];
const signingKeyFile = join(mkdtempSync(join(tmpdir(), 'alpenpass-keys-')), 'key.json');
const suffix = randomBytes(4).toString('hex');
const slotStart = new Date(Date.now() + 24 * 3600_000);
slotStart.setUTCHours(7, 0, 0, 0);

async function scheduleSlot(slotId: number, capacity: number): Promise<void> {
  const from = slotStart.toISOString().replace('.000Z', 'Z');
  const to = new Date(slotStart.getTime() + 3 * 3600_000).toISOString().replace('.000Z', 'Z');
  await runSlotCommand(
    store,
    {
      type: 'ScheduleSlot',
      data: {
        slotId,
        slotGroupId: 1,
        productId: 103,
        from,
        to,
        capacity,
        productDefinitionIds: [1031, 1032],
        visible: true,
        isAllDay: false,
      },
    },
    { actor: 'system' },
  );
  for (const projection of kitProjections)
    await catchUp(db.knex, store, projection, liveTarget(projection.name));
}

async function post(
  api: ApiProcess,
  path: string,
  body: unknown,
  from: { authorization?: string; forwardedFor?: string } = {},
) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: {
      ...shopHeaders,
      'content-type': 'application/json',
      ...(from.authorization ? { authorization: from.authorization } : {}),
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; code?: string } };
}

const heldEvents = async (slotId: number) =>
  (await store.readStream(slotStreamName(slotId))).filter((event) => event.type === 'CapacityHeld');

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  await publishDemoCatalogue(store, new Date());
  for (const projection of kitProjections) await ensureLiveGeneration(db.knex, store, projection);
  const env = {
    DATABASE_URL: db.url,
    AUTH_SIGNING_KEY_FILE: signingKeyFile,
    API_PROCESSES: '1',
    TEMPORAL_TASK_QUEUE: `two-processes-${suffix}`,
    NATS_STREAM: `TWO_PROCESSES_${suffix}`,
    NATS_SUBJECT_PREFIX: `twoprocesses_${suffix}`,
    BASKET_CREATIONS_PER_MINUTE: '1000',
    TRUST_PROXY: 'loopback',
  };
  await loadOrCreateSigningKey(signingKeyFile);
  apis = await Promise.all([startApiProcess(env), startApiProcess(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.stop()));
  await store?.close();
  await db?.drop();
});

it.each([
  [24, 7],
  [5, 9],
])(
  '%i guests adding at once through two API processes against %i places: exactly min(N, C) granted, never oversold',
  async (guests, places) => {
    const slotId = 700 + places;
    await scheduleSlot(slotId, places);
    const through = (index: number) => apis[index % apis.length]!;
    const guest = (index: number) => ({ forwardedFor: `203.0.113.${index + 1}` });
    const baskets = await Promise.all(
      Array.from({ length: guests }, (_, index) =>
        post(through(index), '/api/baskets', { entries: [] }, guest(index)),
      ),
    );
    const adds = await Promise.all(
      baskets.map((basket, index) =>
        post(
          through(index + 1),
          `/api/baskets/${basket.body.id}/entries`,
          {
            entries: [{ productDefinitionId: 1031, slotId }],
          },
          guest(index),
        ),
      ),
    );
    expect(adds.filter((add) => add.status === 200)).toHaveLength(Math.min(guests, places));
    for (const refusal of adds.filter((add) => add.status !== 200))
      expect(refusal).toMatchObject({ status: 409, body: { code: 'SLOT_CAPACITY_EXHAUSTED' } });
    expect(await heldEvents(slotId)).toHaveLength(Math.min(guests, places));
  },
  60_000,
);

it('one customer racing through both processes holds at most the fair share of a slot', async () => {
  const slotId = 800;
  await scheduleSlot(slotId, 32); // share: min(10, 25 % of 32) = 8
  const key = await loadOrCreateSigningKey(signingKeyFile);
  const token = await mintToken(
    key,
    { issuer: 'https://auth.alpenpass.local/', audience: 'https://api.alpenpass.local' },
    { subject: 'racer', roles: ['customer'], accountId: 'racer' },
  );
  const bearer = `Bearer ${token}`;
  const adds = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      post(
        apis[index % 2]!,
        '/api/baskets',
        { entries: [{ productDefinitionId: 1031, slotId }] },
        { authorization: bearer },
      ),
    ),
  );
  expect(adds.filter((add) => add.status === 201 || add.status === 200)).toHaveLength(8);
  for (const refusal of adds.filter((add) => add.status >= 300))
    expect(refusal).toMatchObject({ status: 409, body: { code: 'SLOT_HOLD_LIMIT' } });
  expect(await heldEvents(slotId)).toHaveLength(8);
}, 60_000);

it('one guest client racing with a basket each through both processes holds at most the fair share of a slot', async () => {
  const slotId = 801;
  await scheduleSlot(slotId, 32); // share: 8
  const client = { forwardedFor: '203.0.113.200' };
  const adds = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      post(apis[index % 2]!, '/api/baskets', { entries: [{ productDefinitionId: 1031, slotId }] }, client),
    ),
  );
  expect(adds.filter((add) => add.status === 201)).toHaveLength(8);
  for (const refusal of adds.filter((add) => add.status >= 300))
    expect(refusal).toMatchObject({ status: 409, body: { code: 'SLOT_HOLD_LIMIT' } });
  expect(await heldEvents(slotId)).toHaveLength(8);
}, 60_000);
