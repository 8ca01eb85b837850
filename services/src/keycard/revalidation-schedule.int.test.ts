import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import {
  defaultFeatureFlags,
  defaultPersonFieldRules,
  keycardFieldsBody,
  keycardStreamName,
} from '@alpenpass/contracts';
import { createTestDatabase, waitUntil, type TestDatabase } from '@alpenpass/infra/test/support';
import { syncKeycardRevalidationSchedule, type RunningWorker } from '@alpenpass/workflows';
import { runTestWorker } from '@alpenpass/workflows/test/support/worker';
import { createAccountService } from '../account/account-service';
import type { EventStore } from '../platform/event-store/event-store';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { createKeycardService } from './keycard-service';

/** enableKeycardRevalidation: the nightly Temporal schedule exists only while the flag is on, and one
 * triggered run expires the stored passes whose validity ended (real Temporal, real PostgreSQL). */
jest.setTimeout(120_000);
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';
const taskQueue = `keycard-revalidation-test-${randomUUID()}`;
const scheduleId = `keycard-revalidation-test-${randomUUID()}`;

let db: TestDatabase;
let store: EventStore;
let connection: Connection;
let client: Client;
let worker: RunningWorker;
let personId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  const accounts = createAccountService({ store, knex: db.knex, personFieldRules: defaultPersonFieldRules });
  // the stored pass ended on 30 November; the scheduled run happens "today", 20 December 2030
  const keycards = createKeycardService({
    store,
    knex: db.knex,
    accounts,
    featureFlags: defaultFeatureFlags,
    now: () => new Date('2030-12-20T02:15:00Z'),
  });
  const caller = {
    principal: { subject: 'c-erin', roles: ['customer' as const], accountId: 'erin' },
    correlationId: 'test',
  };
  personId = (
    await accounts.addPerson(caller, { firstName: 'Erin', lastName: 'Alpin', birthdate: '1990-01-01' }, true)
  ).id;
  await keycards.add(caller, {
    personId,
    ...keycardFieldsBody.parse({
      type: 'EUINTERRAIL',
      passId: 'IR1112223',
      validity: { from: '2030-11-01', to: '2030-11-30' },
    }),
  });
  await keycards.add(caller, {
    personId,
    ...keycardFieldsBody.parse({ type: 'AXESS', wtp: 'ERIN0000-111-222' }),
  });
  connection = await Connection.connect({ address });
  client = new Client({ connection });
  worker = await runTestWorker({
    address,
    taskQueue,
    activities: { revalidateKeycards: (day?: string) => keycards.revalidateAll(day) },
  });
}, 120_000);

afterAll(async () => {
  await client?.schedule
    .getHandle(scheduleId)
    .delete()
    .catch(() => undefined);
  await worker?.shutdown();
  await connection?.close();
  await store?.close();
  await db?.drop();
});

const eventTypes = async () =>
  (await store.readStream(keycardStreamName(personId))).map((event) => event.type);

describe('the keycard revalidation schedule', () => {
  it('is absent while the flag is off', async () => {
    expect(await syncKeycardRevalidationSchedule(client, { enabled: false, taskQueue, scheduleId })).toBe(
      'absent',
    );
  });

  it('is created once when the flag is on: nightly at 03:15 Zurich time', async () => {
    expect(await syncKeycardRevalidationSchedule(client, { enabled: true, taskQueue, scheduleId })).toBe(
      'created',
    );
    expect(await syncKeycardRevalidationSchedule(client, { enabled: true, taskQueue, scheduleId })).toBe(
      'kept',
    );
    const described = await client.schedule.getHandle(scheduleId).describe();
    expect(described.spec.timezone).toBe('Europe/Zurich');
    expect(described.spec.calendars?.[0]).toMatchObject({
      hour: [{ start: 3, end: 3, step: 1 }],
      minute: [{ start: 15, end: 15, step: 1 }],
    });
  });

  it('expires the ended pass when triggered, and keeps the card without validity ACTIVE', async () => {
    expect(await eventTypes()).toEqual(['KeycardAdded', 'KeycardAdded']);
    await client.schedule.getHandle(scheduleId).trigger();
    await waitUntil(
      "the triggered run's event recorded",
      async () => (await eventTypes()).length >= 3,
      30_000,
    );
    const events = await store.readStream(keycardStreamName(personId));
    expect(events.map((event) => event.type)).toEqual(['KeycardAdded', 'KeycardAdded', 'KeycardExpired']);
    expect(events[2]!.data).toMatchObject({ on: '2030-12-20' });
  });

  it('is deleted when the flag is switched off again', async () => {
    expect(await syncKeycardRevalidationSchedule(client, { enabled: false, taskQueue, scheduleId })).toBe(
      'deleted',
    );
    expect(await syncKeycardRevalidationSchedule(client, { enabled: false, taskQueue, scheduleId })).toBe(
      'absent',
    );
  });
});
