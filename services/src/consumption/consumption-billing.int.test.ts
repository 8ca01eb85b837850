import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  consumptionBillingStreamName,
  consumptionStreamName,
  defaultPersonFieldRules,
  keycardFieldsBody,
  luhnCheckDigit,
  orderStreamName,
  payPerUseStreamName,
  ticketStreamName,
  type AccessUsageEventInput,
} from '@alpenpass/contracts';
import {
  createTestDatabase,
  patientMs,
  waitForValue,
  type TestDatabase,
} from '@alpenpass/infra/test/support';
import { consumptionProjections } from '@alpenpass/projections/src/consumption';
import { orderProjections } from '@alpenpass/projections/src/order';
import { subscriptionProjections } from '@alpenpass/projections/src/subscription';
import { ticketProjections } from '@alpenpass/projections/src/ticket';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { CONSUMPTION_BILLING_SCHEDULE_ID, type RunningWorker } from '@alpenpass/workflows';
import { accountResourcesOf } from '../account/account-resources';
import { createAccountService } from '../account/account-service';
import { basketContext } from '../basket';
import { noAccountResources } from '../basket/account-resources';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
import { keycardResourcesOf } from '../keycard';
import { createKeycardService } from '../keycard/keycard-service';
import { paymentDetailContext } from '../payment-detail';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { pricingContext } from '../pricing';
import { choose } from '../../test/support/psp-payment-page';
import { startSimulator, type RunningSimulator } from '../../test/support/psp-simulator';
import { startTestWorker } from '../../test/support/worker';
import { resortDayOf } from './usage-recorder';
import { ticketContext } from '../ticket';
import { consumptionContext } from '.';

/** Pay per use end to end on the Temporal dev server with the PSP simulator as a process: the purchase
 * registers a keycard and a saved card at no charge; the daily schedule bills the days used as CONSUMPTION
 * orders on the default card (one per day, or grouped with vmcMultiDayBilling), once; a declined card
 * leaves the order to staff and, once it is cancelled, staff reprocess the failed consumption. */
jest.setTimeout(patientMs(120_000));
const log = createLogger('silent');
const taskQueue = `consumption-billing-test-${randomUUID()}`;
const returnUrls = {
  success: 'http://localhost:3000/return/success',
  error: 'http://localhost:3000/return/error',
  cancel: 'http://localhost:3000/return/cancel',
};
let kit: BasketTestKit;
let simulatorDb: TestDatabase;
let simulator: RunningSimulator;
let worker: RunningWorker;
let temporal: ReturnType<typeof lazyTemporalClient>;
let app: ReturnType<typeof createHttpApp>;
let checkout: ReturnType<typeof testOrderContext>;
let consumption: ReturnType<typeof consumptionContext>;
let grouped: ReturnType<typeof consumptionContext>;
let accounts: ReturnType<typeof createAccountService>;
let keycards: ReturnType<typeof createKeycardService>;
let staff: Record<string, string>;
let serial = randomInt(1_000_000, 9_000_000);

interface Customer {
  accountId: string;
  headers: Record<string, string>;
  personId: number;
  keycardId: number;
  cardId: number;
}

beforeAll(async () => {
  const accountsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });
  const keycardsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    createKeycardService({
      store,
      knex,
      accounts: accountsOf(store, knex),
      featureFlags: loadConfig({}).featureFlags,
      now: () => kitNow,
    });
  const resources = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
    accountResourcesOf(accountsOf(store, knex), {
      keycards: keycardResourcesOf(keycardsOf(store, knex)),
      paymentDetails: noAccountResources.paymentDetails,
    });
  kit = await createBasketTestKit();
  accounts = accountsOf(kit.store, kit.db.knex);
  keycards = keycardsOf(kit.store, kit.db.knex);
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  simulatorDb = await createTestDatabase();
  simulator = await startSimulator(simulatorDb.url);
  const config = loadConfig({
    ...process.env,
    TEMPORAL_TASK_QUEUE: taskQueue,
    CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
    PSP_BASE_URL: simulator.url,
    PSP_MERCHANT_ID: simulator.merchantId,
    PSP_MERCHANT_PASSWORD: simulator.password,
    PSP_HMAC_KEY: simulator.hmacKeyHex,
    PSP_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    FEATURE_FLAGS: '',
    LOG_LEVEL: 'silent',
  });
  temporal = lazyTemporalClient(config.temporal);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow, accounts: resources(kit.store, kit.db.knex) });
  const details = paymentDetailContext(deps);
  checkout = testOrderContext(deps, {
    basket: basket.service,
    paymentDetails: details.service,
    accounts: resources(kit.store, kit.db.knex),
  });
  // an unpaid bill is cancelled after 5 s here (14 days in the shop)
  const options = {
    keycards,
    orders: checkout.orders,
    placement: checkout.placement,
    charge: checkout.chargeSavedCard,
    now: () => kitNow,
    paymentGraceMs: 5_000,
  };
  consumption = consumptionContext(deps, options);
  grouped = consumptionContext(
    { ...deps, config: { ...config, featureFlags: { ...config.featureFlags, vmcMultiDayBilling: true } } },
    options,
  );
  // the usage recorder reads which days a pass covers from the subscription and ticket read models
  for (const projection of [
    ...orderProjections,
    ...consumptionProjections,
    ...subscriptionProjections,
    ...ticketProjections,
  ])
    await ensureLiveGeneration(kit.db.knex, kit.store, projection);
  worker = await startTestWorker({
    config,
    log,
    lenders: [pricingContext(deps), basket, checkout, ticketContext(deps), consumption],
  });
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [
      ...(basket.routers ?? []),
      ...(checkout.routers ?? []),
      ...(details.routers ?? []),
      ...(consumption.routers ?? []),
    ],
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  staff = {
    ...shopHeaders,
    authorization: await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] }),
  };
}, 180_000);

afterAll(async () => {
  await (
    await temporal?.client()
  )?.schedule
    .getHandle(`${CONSUMPTION_BILLING_SCHEDULE_ID}-${taskQueue}`)
    .delete()
    .catch(() => undefined);
  await worker?.shutdown();
  await temporal?.close();
  await simulator?.stop();
  await simulatorDb?.drop();
  await kit?.close();
});

const project = async () => {
  for (const projection of [...orderProjections, ...consumptionProjections])
    await catchUp(kit.db.knex, kit.store, projection, liveTarget(projection.name));
};
/** the worker's reactor, over the order's events as the bus would deliver them */
async function react(orderId: number) {
  for (const event of await kit.store.readStream(orderStreamName(orderId)))
    await consumption.reactors![0]!.react(event);
}
const skidataNumber = () => {
  const body = `01${String((serial += 1)).padStart(20, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
};

async function saveCard(headers: Record<string, string>): Promise<number> {
  const started = await request(app)
    .post('/api/payments/payment-details/register')
    .set(headers)
    .send({ redirectUrls: returnUrls });
  expect((await choose(started.body.redirectUrl, 'VIS', 'success')).status).toBe(303);
  return (
    await request(app)
      .post('/api/payments/payment-details')
      .set(headers)
      .send({ transactionId: started.body.transactionId })
  ).body.id as number;
}

/** a customer with an adult owner, a SKIDATA keycard and a saved card */
async function customer(name: string): Promise<Customer> {
  const accountId = `${name}-${randomUUID()}`;
  const headers = {
    ...shopHeaders,
    authorization: await kit.identity.bearer({ subject: name, roles: ['customer'], accountId }),
  };
  const caller = {
    principal: { subject: name, roles: ['customer' as const], accountId },
    correlationId: 'test',
  };
  const personId = (
    await accounts.addPerson(caller, { firstName: name, lastName: 'Alpin', birthdate: '1990-04-01' }, true)
  ).id;
  const keycardId = (
    await keycards.add(caller, {
      personId,
      ...keycardFieldsBody.parse({ type: 'SKIDATA', dataCarrierId: skidataNumber() }),
    })
  ).id;
  return { accountId, headers, personId, keycardId, cardId: await saveCard(headers) };
}

/** buys the pay-per-use day for the customer's card and lets the reactor register it */
async function buyPayPerUse(who: Customer): Promise<number> {
  const basket = await request(app)
    .post('/api/baskets')
    .set(who.headers)
    .send({ entries: [{ productDefinitionId: 1071 }] });
  await request(app)
    .patch(`/api/baskets/${basket.body.id}/entries/${basket.body.entries[0].id}/personalization`)
    .set(who.headers)
    .send({ personId: who.personId, medium: 'SKIDATA', keycardId: who.keycardId });
  const started = await request(app)
    .post('/api/checkout')
    .set(who.headers)
    .send({ basketId: basket.body.id });
  await request(app)
    .post(`/api/checkout/${started.body.id}/checkout-conditions`)
    .set(who.headers)
    .send({ formValues: { acceptTerms: true } });
  const paid = await request(app)
    .post(`/api/checkout/${started.body.id}/payment`)
    .set(who.headers)
    .send({ intent: 'existing', paymentDetailId: who.cardId, redirectUrls: returnUrls });
  expect(paid.body.checkout.order).toMatchObject({ status: 'PAID', total: { amount: 0 } });
  await react(started.body.orderId);
  return started.body.orderId as number;
}

const used = (who: Customer, occurredAt: string, kind: AccessUsageEventInput['kind'] = 'PASSAGE') =>
  consumption.recorder.receive('test', {
    eventId: randomUUID(),
    occurredAt,
    kind,
    gateId: 'valley-station-1',
    keycardId: who.keycardId,
  });
const billEvents = async (who: Customer) =>
  (await kit.store.readStream(consumptionBillingStreamName(who.accountId))).map((event) => event.type);
const orderedIds = async (who: Customer) =>
  (await kit.store.readStream(consumptionBillingStreamName(who.accountId))).flatMap((event) =>
    event.type === 'ConsumptionBillOrdered' ? [(event.data as { orderId: number }).orderId] : [],
  );

describe('buying pay per use', () => {
  it('prices it 0, needs a keycard and a saved card, charges nothing and registers the keycard', async () => {
    const dora = await customer('dora');
    const basket = await request(app)
      .post('/api/baskets')
      .set(dora.headers)
      .send({ entries: [{ productDefinitionId: 1071 }] });
    expect(basket.status).toBe(201);
    expect(basket.body.entries[0].unitPrice).toEqual({ amount: 0, currency: 'CHF', source: 'billedPerUse' });
    const twice = await request(app)
      .post(`/api/baskets/${basket.body.id}/entries`)
      .set(dora.headers)
      .send({ entries: [{ productDefinitionId: 1071, allocation: { quantity: 2 } }] });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('PAY_PER_USE_ONE_KEYCARD');

    const unnamed = await request(app)
      .post('/api/checkout')
      .set(dora.headers)
      .send({ basketId: basket.body.id });
    expect(unnamed.status).toBe(409);
    expect(JSON.stringify(unnamed.body.errors)).toContain('PAY_PER_USE_KEYCARD_REQUIRED');
    await request(app)
      .patch(`/api/baskets/${basket.body.id}/entries/${basket.body.entries[0].id}/personalization`)
      .set(dora.headers)
      .send({ personId: dora.personId, medium: 'SKIDATA', keycardId: dora.keycardId });
    const started = await request(app)
      .post('/api/checkout')
      .set(dora.headers)
      .send({ basketId: basket.body.id });
    expect(started.status).toBe(201);
    await request(app)
      .post(`/api/checkout/${started.body.id}/checkout-conditions`)
      .set(dora.headers)
      .send({ formValues: { acceptTerms: true } });
    const byNewCard = await request(app)
      .post(`/api/checkout/${started.body.id}/payment`)
      .set(dora.headers)
      .send({ intent: 'new', type: 'CARD', redirectUrls: returnUrls });
    expect(byNewCard.status).toBe(409);
    expect(byNewCard.body.code).toBe('PAY_PER_USE_SAVED_CARD_REQUIRED');
    const paid = await request(app)
      .post(`/api/checkout/${started.body.id}/payment`)
      .set(dora.headers)
      .send({ intent: 'existing', paymentDetailId: dora.cardId, redirectUrls: returnUrls });
    expect(paid.status).toBe(200);
    expect(paid.body.checkout.order).toMatchObject({
      status: 'PAID',
      paymentMethod: 'CARD',
      total: { amount: 0 },
      type: 'ONE_TIME',
    });
    const order = await checkout.orders.loadOrder(started.body.orderId);
    expect(order.status === 'placed' && order.transactionId).toBeNull();

    await react(started.body.orderId);
    const registered = await kit.store.readStream(payPerUseStreamName(dora.keycardId));
    expect(registered.map((event) => event.data)).toEqual([
      expect.objectContaining({
        keycardId: dora.keycardId,
        accountId: dora.accountId,
        productDefinitionId: 1071,
        orderId: started.body.orderId,
      }),
    ]);
    // the gate knows the card: the order issues no ticket (a dateless ticket would admit forever)
    const tickets = await waitForValue(
      "the order's ticket issue",
      () => kit.store.readStream(ticketStreamName(started.body.orderId)),
      (events) => events.length > 0,
      40_000,
    );
    expect(tickets.map((event) => event.data)).toEqual([expect.objectContaining({ tickets: [] })]);
  });
});

describe('ending pay per use', () => {
  it('ends the registration from the day staff cancel its order item: later days are recorded, not charged', async () => {
    const erik = await customer('erik');
    const orderId = await buyPayPerUse(erik);
    const order = await checkout.orders.loadOrder(orderId);
    const itemId = order.status === 'placed' ? order.items[0]!.itemId : '';
    const staff = {
      principal: { subject: 'staff-1', roles: ['admin' as const], accountId: null },
      correlationId: 'test',
    };
    await checkout.afterSale.staffCancelItems(staff, orderId, {
      orderItemIds: [itemId],
      reason: 'card lost',
    });
    await react(orderId);
    await react(orderId); // at least once: a redelivery ends nothing twice
    const registrationEvents = (await kit.store.readStream(payPerUseStreamName(erik.keycardId))).map(
      (event) => event.type,
    );
    expect(registrationEvents).toEqual(['PayPerUseRegistered', 'PayPerUseEnded']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await used(erik, tomorrow);
    const day = (await kit.store.readStream(payPerUseStreamName(erik.keycardId)))[1]!.data as {
      from: string;
    };
    const consumptionTypes = (
      await kit.store.readStream(consumptionStreamName(`${erik.keycardId}-${resortDayOf(tomorrow)}`))
    ).map((event) => event.type);
    expect(day.from <= resortDayOf(tomorrow)).toBe(true);
    expect(consumptionTypes).toEqual(['ConsumptionOpened', 'UsageRecorded']);
  });
});

describe('daily billing', () => {
  it('bills one CONSUMPTION order per day on the default card when the schedule runs, and each day once', async () => {
    const erin = await customer('erin');
    await buyPayPerUse(erin);
    await used(erin, '2030-12-18T09:00:00+01:00');
    await used(erin, '2030-12-18T13:00:00+01:00', 'RIDE');
    await used(erin, '2030-12-19T10:00:00+01:00', 'RIDE');
    await used(erin, '2030-12-20T10:00:00+01:00');
    await project();

    const schedule = (await temporal.client()).schedule.getHandle(
      `${CONSUMPTION_BILLING_SCHEDULE_ID}-${taskQueue}`,
    );
    expect((await schedule.describe()).spec.timezone).toBe('Europe/Zurich');
    await schedule.trigger();
    const orderIds = await waitForValue(
      "the billing run's two CONSUMPTION orders",
      () => orderedIds(erin),
      (ids) => ids.length === 2,
      40_000,
    );
    expect(orderIds).toHaveLength(2);
    for (const orderId of orderIds) {
      const order = await waitForValue(
        `order ${orderId} PAID`,
        () => checkout.orders.loadOrder(orderId),
        (state) => state.status === 'placed' && state.orderStatus === 'PAID',
        40_000,
      );
      expect(order).toMatchObject({
        type: 'CONSUMPTION',
        accountId: erin.accountId,
        orderStatus: 'PAID',
        paymentMethod: 'CARD',
        total: { amount: 6900 },
      });
      await react(orderId);
    }
    const days = await Promise.all(
      orderIds.map(async (orderId) => {
        const order = await checkout.orders.loadOrder(orderId);
        return order.status === 'placed' ? order.items.map((item) => item.validity!.from) : [];
      }),
    );
    expect(days).toEqual([['2030-12-18'], ['2030-12-19']]);

    await project();
    const listed = await request(app).get('/api/consumptions?populate=order').set(erin.headers);
    expect(
      listed.body.map((row: { day: string; status: string; order: { status: string } | null }) => [
        row.day,
        row.status,
        row.order?.status ?? null,
      ]),
    ).toEqual([
      ['2030-12-20', 'UNBILLED', null],
      ['2030-12-19', 'BILLED', 'PAID'],
      ['2030-12-18', 'BILLED', 'PAID'],
    ]);
    const orders = await request(app).get('/api/orders').set(erin.headers);
    expect(
      orders.body.items
        .filter((row: { type: string }) => row.type === 'CONSUMPTION')
        .map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([...orderIds].sort());

    // the schedule fires again, a worker retries: nothing is billed twice
    const before = await billEvents(erin);
    expect((await consumption.billing.run('2030-12-19')).ordersPlaced).toEqual([]);
    await consumption.billing.billAccount(erin.accountId, '2030-12-19');
    expect(await billEvents(erin)).toEqual(before);
  });

  it('groups the days not billed yet into one order with vmcMultiDayBilling', async () => {
    const finn = await customer('finn');
    await buyPayPerUse(finn);
    for (const day of ['2030-12-16', '2030-12-17', '2030-12-19']) await used(finn, `${day}T10:00:00+01:00`);
    await project();
    const [orderId, ...more] = await grouped.billing.billAccount(finn.accountId, '2030-12-19');
    expect(more).toEqual([]);
    const order = await checkout.orders.loadOrder(orderId!);
    expect(order).toMatchObject({ type: 'CONSUMPTION', orderStatus: 'PAID', total: { amount: 3 * 6900 } });
    expect(order.status === 'placed' && order.items.map((item) => item.validity!.from)).toEqual([
      '2030-12-16',
      '2030-12-17',
      '2030-12-19',
    ]);
    await react(orderId!);
    expect(await grouped.billing.billAccount(finn.accountId, '2030-12-19')).toEqual([]);
  });

  it('leaves a declined bill to staff with the card blocked; cancelled after its grace, staff reprocess it and it is billed again', async () => {
    const gina = await customer('gina');
    await buyPayPerUse(gina);
    await used(gina, '2030-12-19T10:00:00+01:00');
    await project();
    await simulator.setFaults({}, { aliasAuthorization: 'decline' });
    let orderId: number;
    try {
      [orderId] = (await consumption.billing.billAccount(gina.accountId, '2030-12-19')) as [number];
    } finally {
      await simulator.setFaults({}, {});
    }
    expect(await checkout.orders.loadOrder(orderId)).toMatchObject({
      type: 'CONSUMPTION',
      orderStatus: 'CREATED',
      paymentStatus: 'FAILED',
    });
    expect(
      (await request(app).get('/api/payments/payment-details/blocked').set(gina.headers)).body.map(
        (detail: { id: number }) => detail.id,
      ),
    ).toEqual([gina.cardId]);
    await project();
    const forStaff = await request(app)
      .get('/api/orders/management/orders?status=CREATED&type=CONSUMPTION&limit=100')
      .set(staff);
    expect(forStaff.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: orderId, type: 'CONSUMPTION', paymentStatus: 'FAILED' }),
      ]),
    );
    const consumptionId = `${gina.keycardId}-2030-12-19`;
    const notYet = await request(app).post(`/api/admin/consumptions/${consumptionId}/reprocess`).set(staff);
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe('CONSUMPTION_NOT_FAILED');

    // the checkout workflow cancels the unpaid bill after its grace; the reactor marks the consumption failed
    await waitForValue(
      `the unpaid bill ${orderId} CANCELLED after its grace`,
      () => checkout.orders.loadOrder(orderId),
      (state) => state.status === 'placed' && state.orderStatus === 'CANCELLED',
      40_000,
    );
    await react(orderId);
    await project();
    expect(
      (await request(app).get('/api/admin/consumptions?status=FAILED').set(staff)).body.map(
        (row: { id: string }) => row.id,
      ),
    ).toContain(consumptionId);
    const reprocessed = await request(app)
      .post(`/api/admin/consumptions/${consumptionId}/reprocess`)
      .set(staff);
    expect(reprocessed.status).toBe(200);
    await project();
    expect((await request(app).get(`/api/consumptions/${consumptionId}`).set(gina.headers)).body.status).toBe(
      'UNBILLED',
    );

    await saveCard(gina.headers);
    const run = await request(app)
      .post('/api/admin/consumptions/billing-runs')
      .set(staff)
      .send({ throughDay: '2030-12-19' });
    expect(run.status).toBe(200);
    const [again] = await orderedIds(gina).then((ids) => ids.filter((id) => id !== orderId));
    expect(run.body.ordersPlaced).toContain(again);
    expect(await checkout.orders.loadOrder(again!)).toMatchObject({
      type: 'CONSUMPTION',
      orderStatus: 'PAID',
      total: { amount: 6900 },
    });
  });
});
