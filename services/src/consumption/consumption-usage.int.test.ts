import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { connect, type NatsConnection } from 'nats';
import {
  consumptionStreamName,
  subscriptionStreamName,
  defaultFeatureFlags,
  defaultPersonFieldRules,
  keycardFieldsBody,
  payPerUseStreamName,
  type AccessUsageEventInput,
} from '@alpenpass/contracts';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { consumptionProjections } from '@alpenpass/projections/src/consumption';
import { subscriptionProjections } from '@alpenpass/projections/src/subscription';
import { ticketProjections } from '@alpenpass/projections/src/ticket';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { createAccountService } from '../account/account-service';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
import { unwiredPaymentProvider } from '../order/payment/card-payment-port';
import { createKeycardService } from '../keycard/keycard-service';
import { loadConfig } from '../platform/config';
import { handleCommand } from '../platform/event-store/command-handler';
import { createHttpApp } from '../platform/http/app';
import { createLogger } from '../platform/logger';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { consumptionContext } from '.';
import { decideRegistration, registrationFolder } from './registration';
import { publishUsage, startUsageConsumer } from './usage-stream';

/** The access system's usage events over real NATS JetStream into consumptions (real PostgreSQL): replays,
 * reordering and late events, unknown cards parked and reprocessed, and every §7 consumptions call. */
jest.setTimeout(patientMs(60_000));
const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
const settings = { stream: `ACCESS_USAGE_T_${suffix}`, subjectPrefix: `t${suffix}.access.usage` };
const log = createLogger('silent');
let kit: BasketTestKit;
let nats: NatsConnection;
let consumer: { stop(): Promise<void> };
let context: ReturnType<typeof consumptionContext>;
let keycards: ReturnType<typeof createKeycardService>;
let accounts: ReturnType<typeof createAccountService>;
let app: ReturnType<typeof createHttpApp>;
const alice = `alice-${suffix}`;
const bob = `bob-${suffix}`;
const bearer: Record<string, string> = {};
let alicesCard: number;
let alicesPerson: number;

const caller = (accountId: string) => ({
  principal: { subject: `c-${accountId}`, roles: ['customer' as const], accountId },
  correlationId: 'test',
});
const project = async () => {
  for (const projection of consumptionProjections)
    await catchUp(kit.db.knex, kit.store, projection, liveTarget(projection.name));
};
const call = (path: string, who: string) =>
  request(app).get(`/api${path}`).set(shopHeaders).set('authorization', bearer[who]!);
const staffCall = (method: 'get' | 'post', path: string) =>
  request(app)[method](`/api${path}`).set(shopHeaders).set('authorization', bearer.staff!);

async function addCard(accountId: string, personId: number, fields: Record<string, string>) {
  return (await keycards.add(caller(accountId), { personId, ...keycardFieldsBody.parse(fields) })).id;
}

/** given a card registered for pay-per-use (adult day, definition 1071) from `from` on */
async function register(keycardId: number, accountId: string, personId: number, from = '2030-12-01') {
  const registration = {
    keycardId,
    accountId,
    personId,
    productId: 107,
    productDefinitionId: 1071,
    orderId: 1,
    orderItemId: randomUUID(),
    from,
  };
  await handleCommand(
    kit.store,
    payPerUseStreamName(keycardId),
    registrationFolder,
    (state) => decideRegistration(registration, state),
    { actor: 'test' },
  );
}

const gate = (overrides: Partial<AccessUsageEventInput>): AccessUsageEventInput => ({
  eventId: randomUUID(),
  occurredAt: '2030-12-20T09:15:00+01:00',
  kind: 'PASSAGE',
  gateId: 'valley-station-1',
  ...overrides,
});

async function publishAll(events: (AccessUsageEventInput | Record<string, unknown>)[]) {
  const js = nats.jetstream();
  for (const event of events) await publishUsage(js, settings, 'AXESS', event);
}

const streamTypes = async (consumptionId: string) =>
  (await kit.store.readStream(consumptionStreamName(consumptionId))).map((event) => event.type);

beforeAll(async () => {
  kit = await createBasketTestKit();
  accounts = createAccountService({
    store: kit.store,
    knex: kit.db.knex,
    personFieldRules: defaultPersonFieldRules,
  });
  keycards = createKeycardService({
    store: kit.store,
    knex: kit.db.knex,
    accounts,
    featureFlags: defaultFeatureFlags,
    now: () => kitNow,
  });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const deps = {
    config,
    store: kit.store,
    knex: kit.db.knex,
    log,
    temporal: () => Promise.reject(new Error('no Temporal here')),
  };
  const noWorkflows = {
    start: async () => undefined,
    reserved: async () => undefined,
    paid: async () => undefined,
  };
  const checkout = testOrderContext(deps, {
    basket: kit.service,
    workflows: noWorkflows,
    payments: unwiredPaymentProvider,
  });
  context = consumptionContext(deps, {
    keycards,
    orders: checkout.orders,
    placement: checkout.placement,
    charge: checkout.chargeSavedCard,
    now: () => kitNow,
  });
  // the days a pass covers are read from the subscription and ticket read models
  for (const projection of [...consumptionProjections, ...subscriptionProjections, ...ticketProjections])
    await ensureLiveGeneration(kit.db.knex, kit.store, projection);
  nats = await connect({ servers: config.nats.url });
  consumer = await startUsageConsumer({
    nats,
    settings,
    recorder: context.recorder,
    log,
    durableName: `usage-test-${suffix}`,
  });
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: context.routers ?? [],
    readiness: [],
  });
  for (const name of [alice, bob])
    bearer[name] = await kit.identity.bearer({ subject: `c-${name}`, roles: ['customer'], accountId: name });
  bearer.staff = await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
  alicesPerson = (
    await accounts.addPerson(
      caller(alice),
      { firstName: 'Alice', lastName: 'Alpin', birthdate: '1990-04-01' },
      true,
    )
  ).id;
  alicesCard = await addCard(alice, alicesPerson, { type: 'AXESS', wtp: 'A1CE0000-111-222' });
  await register(alicesCard, alice, alicesPerson);
}, 120_000);

afterAll(async () => {
  await consumer?.stop();
  await (await nats?.jetstreamManager())?.streams.delete(settings.stream).catch(() => undefined);
  await nats?.drain();
  await kit?.close();
});

describe('usage events become consumptions', () => {
  it('records gate events replayed twice once, and charges the day once', async () => {
    const events = [
      gate({ card: { system: 'AXESS', number: 'A1CE0000111222' } }),
      gate({
        keycardId: alicesCard,
        kind: 'RIDE',
        gateId: 'summit-chair',
        occurredAt: '2030-12-20T11:00:00+01:00',
      }),
    ];
    await publishAll([...events, ...events]);
    // past the JetStream duplicate window: the access system replays the whole day
    for (const event of events) await context.recorder.receive(`${settings.subjectPrefix}.axess`, event);
    const consumptionId = `${alicesCard}-2030-12-20`;
    const types = await waitForValue(
      `two usages recorded on ${consumptionId}`,
      () => streamTypes(consumptionId),
      (seen) => seen.filter((type) => type === 'UsageRecorded').length === 2,
      20_000,
    );
    expect(types).toEqual(['ConsumptionOpened', 'UsageRecorded', 'ConsumptionCharged', 'UsageRecorded']);
    await project();
    const read = await call(`/consumptions/${consumptionId}?populate=usages`, alice);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: consumptionId,
      keycardId: alicesCard,
      day: '2030-12-20',
      status: 'UNBILLED',
      productDefinitionId: 1071,
      price: { amount: 6900, currency: 'CHF' },
      passages: 1,
      rides: 1,
    });
    expect(read.body.usages.map((usage: { gateId: string }) => usage.gateId)).toEqual([
      'valley-station-1',
      'summit-chair',
    ]);
  });

  it('keeps the same day and price when events arrive late and out of order, and a day of parking only is not billed', async () => {
    const late = gate({
      keycardId: alicesCard,
      eventId: 'late-ride',
      kind: 'RIDE',
      occurredAt: '2030-12-19T16:30:00+01:00',
    });
    const early = gate({
      keycardId: alicesCard,
      eventId: 'early-passage',
      occurredAt: '2030-12-19T08:05:00+01:00',
    });
    // 23:30 UTC on the 18th is already the 19th in Zurich
    const midnight = gate({
      keycardId: alicesCard,
      eventId: 'after-midnight',
      occurredAt: '2030-12-18T23:30:00Z',
    });
    await publishAll([late, midnight, early]);
    const parking = gate({
      keycardId: alicesCard,
      kind: 'PARKING',
      quantity: 240,
      gateId: 'valley-parking',
      occurredAt: '2030-12-17T09:00:00+01:00',
    });
    await publishAll([parking]);
    await waitForValue(
      'the parking day opened with its usage',
      () => streamTypes(`${alicesCard}-2030-12-17`),
      (types) => types.length === 2,
      20_000,
    );
    await waitForValue(
      'three usages recorded on 2030-12-19',
      () => streamTypes(`${alicesCard}-2030-12-19`),
      (types) => types.filter((type) => type === 'UsageRecorded').length === 3,
      20_000,
    );
    await project();
    const day = (await call(`/consumptions/${alicesCard}-2030-12-19?populate=usages`, alice)).body;
    expect(day).toMatchObject({
      status: 'UNBILLED',
      price: { amount: 6900 },
      passages: 2,
      rides: 1,
      firstUsedAt: '2030-12-18T23:30:00.000Z',
      lastUsedAt: '2030-12-19T15:30:00.000Z',
    });
    expect(day.usages.map((usage: { eventId: string }) => usage.eventId)).toEqual([
      'after-midnight',
      'early-passage',
      'late-ride',
    ]);
    expect((await call(`/consumptions/${alicesCard}-2030-12-17`, alice)).body).toMatchObject({
      status: 'NOT_BILLABLE',
      price: { amount: 0 },
      parkingMinutes: 240,
    });
  });

  it('records a day the card rode on its season pass without charging it', async () => {
    const dora = `dora-${suffix}`;
    const person = (
      await accounts.addPerson(
        caller(dora),
        { firstName: 'Dora', lastName: 'Alpin', birthdate: '1991-02-03' },
        true,
      )
    ).id;
    const card = await addCard(dora, person, { type: 'AXESS', wtp: 'D0A20000-333-444' });
    await register(card, dora, person);
    const subscriptionId = randomUUID();
    const seasonPass = {
      subscriptionId,
      accountId: dora,
      orderId: 2,
      orderItemId: randomUUID(),
      productId: 104,
      productDefinitionId: 1041,
      personId: person,
      keycardId: card,
      validFrom: '2030-12-22T23:00:00.000Z',
      expiresAt: '2030-12-23T23:00:00.000Z',
    };
    await kit.store.append(
      subscriptionStreamName(subscriptionId),
      [{ type: 'SubscriptionCreated', data: seasonPass }],
      { expectedRevision: -1 },
    );
    for (const projection of subscriptionProjections)
      await catchUp(kit.db.knex, kit.store, projection, liveTarget(projection.name));
    await context.recorder.receive(
      `${settings.subjectPrefix}.axess`,
      gate({ keycardId: card, occurredAt: '2030-12-23T09:00:00+01:00' }),
    );
    expect(await streamTypes(`${card}-2030-12-23`)).toEqual(['ConsumptionOpened', 'UsageRecorded']);
    await context.recorder.receive(
      `${settings.subjectPrefix}.axess`,
      gate({ keycardId: card, occurredAt: '2030-12-24T09:00:00+01:00' }),
    );
    expect(await streamTypes(`${card}-2030-12-24`)).toEqual([
      'ConsumptionOpened',
      'UsageRecorded',
      'ConsumptionCharged',
    ]);
  });

  it('parks an unknown card for staff and records it once staff reprocess it after the card is registered', async () => {
    const bobsPerson = (
      await accounts.addPerson(
        caller(bob),
        { firstName: 'Bob', lastName: 'Alpin', birthdate: '1990-04-01' },
        true,
      )
    ).id;
    const unknown = gate({
      eventId: `unknown-${suffix}`,
      card: { system: 'SKIDATA', number: '01-1614 7255 0123 4567 8901-3' },
    });
    await publishAll([unknown, { eventId: `broken-${suffix}`, kind: 'TELEPORT' }]);
    const parked = await waitForValue(
      'both events parked for staff',
      async () =>
        (await staffCall('get', '/admin/consumptions/parked?limit=1000')).body as {
          eventId: string;
          reason: string;
        }[],
      (rows) => rows.filter((row) => row.eventId.endsWith(suffix)).length === 2,
      20_000,
    );
    expect(
      parked
        .filter((row) => row.eventId.endsWith(suffix))
        .map((row) => [row.eventId, row.reason])
        .sort(),
    ).toEqual([
      [`broken-${suffix}`, 'INVALID_PAYLOAD'],
      [`unknown-${suffix}`, 'UNKNOWN_KEYCARD'],
    ]);
    const tooSoon = await staffCall('post', `/admin/consumptions/parked/unknown-${suffix}/reprocess`);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.code).toBe('PARKED_USAGE_UNRESOLVED');
    expect((await staffCall('post', `/admin/consumptions/parked/broken-${suffix}/reprocess`)).status).toBe(
      409,
    );

    const card = await addCard(bob, bobsPerson, {
      type: 'SKIDATA',
      dataCarrierId: '01-1614 7255 0123 4567 8901-3',
    });
    await register(card, bob, bobsPerson);
    const done = await staffCall('post', `/admin/consumptions/parked/unknown-${suffix}/reprocess`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ eventId: `unknown-${suffix}`, consumptionId: `${card}-2030-12-20` });
    expect(await streamTypes(`${card}-2030-12-20`)).toEqual([
      'ConsumptionOpened',
      'UsageRecorded',
      'ConsumptionCharged',
    ]);
    const open = (await staffCall('get', '/admin/consumptions/parked?limit=1000')).body as {
      eventId: string;
    }[];
    expect(open.map((row) => row.eventId)).not.toContain(`unknown-${suffix}`);
    expect((await staffCall('get', '/admin/consumptions/parked?resolved=true')).body).toEqual([
      expect.objectContaining({ eventId: `unknown-${suffix}`, consumptionId: `${card}-2030-12-20` }),
    ]);
    // the access system sends it again: nothing more is recorded
    await publishAll([unknown]);
    await context.recorder.receive(`${settings.subjectPrefix}.skidata`, unknown);
    expect(await streamTypes(`${card}-2030-12-20`)).toHaveLength(3);
  });
});

describe('§7 consumptions calls', () => {
  it('pages with the defaults page 0 and limit 100, newest first', async () => {
    const carol = `carol-${suffix}`;
    bearer[carol] = await kit.identity.bearer({
      subject: `c-${carol}`,
      roles: ['customer'],
      accountId: carol,
    });
    const person = (
      await accounts.addPerson(
        caller(carol),
        { firstName: 'Carol', lastName: 'Alpin', birthdate: '1990-04-01' },
        true,
      )
    ).id;
    const card = await addCard(carol, person, { type: 'AXESS', wtp: 'CA201000-111-222' });
    const start = Date.parse('2030-08-01T08:00:00Z');
    for (let day = 0; day < 101; day += 1)
      await context.recorder.receive(
        'test',
        gate({ keycardId: card, occurredAt: new Date(start + day * 86_400_000).toISOString() }),
      );
    await project();
    const first = await call('/consumptions', carol);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(first.body[0].day).toBe('2030-11-09');
    expect(
      first.body.every(
        (row: { status: string; usages?: unknown }) =>
          row.status === 'NOT_BILLABLE' && row.usages === undefined,
      ),
    ).toBe(true);
    const second = await call('/consumptions?page=1', carol);
    expect(second.body.map((row: { day: string }) => row.day)).toEqual(['2030-08-01']);
    expect((await call('/consumptions?page=0&limit=2&populate=usages,order', carol)).body).toEqual([
      expect.objectContaining({
        day: '2030-11-09',
        usages: [expect.objectContaining({ kind: 'PASSAGE' })],
        order: null,
      }),
      expect.objectContaining({ day: '2030-11-08' }),
    ]);
    expect((await call('/consumptions?limit=0', carol)).status).toBe(400);
    expect((await call('/consumptions?populate=everything', carol)).status).toBe(400);
  });

  it('answers 404 for another account’s consumption, 401 without a token', async () => {
    const alicesDay = `${alicesCard}-2030-12-20`;
    expect((await call(`/consumptions/${alicesDay}`, bob)).status).toBe(404);
    expect((await call(`/consumptions/${alicesDay}`, bob)).body.code).toBe('CONSUMPTION_NOT_FOUND');
    expect((await call('/consumptions/99999-2030-12-20', alice)).status).toBe(404);
    expect((await call('/consumptions/not-an-id', alice)).status).toBe(400);
    expect(
      (await call('/consumptions', bob)).body.map((row: { keycardId: number }) => row.keycardId),
    ).not.toContain(alicesCard);
    expect((await staffCall('get', `/admin/consumptions/${alicesDay}`)).status).toBe(200);
    expect((await request(app).get('/api/consumptions').set(shopHeaders)).status).toBe(401);
  });

  it('sums a customer’s usage per keycard and day', async () => {
    const usage = await call('/consumptions/usage?from=2030-12-15&to=2030-12-31', alice);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      from: '2030-12-15',
      to: '2030-12-31',
      keycards: [
        {
          keycardId: alicesCard,
          days: [{ day: '2030-12-17' }, { day: '2030-12-19' }, { day: '2030-12-20' }],
          totals: { days: 3, passages: 3, rides: 2, parkingMinutes: 240 },
        },
      ],
      totals: { days: 3, billed: { amount: 0 }, open: { amount: 13800 } },
    });
    // without dates: this season of the pay-per-use product, which holds kitNow
    const season = await call('/consumptions/usage', alice);
    expect(season.body.from <= '2030-12-17' && season.body.to >= '2030-12-20').toBe(true);
    expect(season.body.totals.days).toBe(3);
    expect((await call('/consumptions/usage?from=2030-12-31&to=2030-12-01', alice)).status).toBe(400);
  });
});
