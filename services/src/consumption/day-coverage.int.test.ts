import { randomUUID } from 'node:crypto';
import {
  subscriptionStreamName,
  ticketStreamName,
  type SubscriptionEvent,
  type TicketEvent,
  type TicketRecord,
} from '@alpenpass/contracts';
import { subscriptionProjections } from '@alpenpass/projections/src/subscription';
import { ticketProjections } from '@alpenpass/projections/src/ticket';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { createBasketTestKit, type BasketTestKit } from '../../test/support/basket-kit';
import { planTickets } from '../ticket/ticket-plan';
import { dayCoverage } from './day-coverage';

/** Which passes already pay a pay-per-use card's day, read from the real subscription and ticket read
 * models over events of the demo catalogue (Alpenhorn: pay-per-use 107, day pass 101, season pass 104,
 * gondola 103; Silver Peak day pass 201 is another pool). */
let kit: BasketTestKit;
let covers: ReturnType<typeof dayCoverage>;
const readModels = [...subscriptionProjections, ...ticketProjections];

beforeAll(async () => {
  kit = await createBasketTestKit();
  for (const projection of readModels) await ensureLiveGeneration(kit.db.knex, kit.store, projection);
  covers = dayCoverage(kit.db.knex);
}, 120_000);
afterAll(async () => kit?.close());

const project = async () => {
  for (const projection of readModels)
    await catchUp(kit.db.knex, kit.store, projection, liveTarget(projection.name));
};

async function seasonPassOn(keycardId: number, validFrom: string, expiresAt: string) {
  const subscriptionId = randomUUID();
  const created: SubscriptionEvent = {
    type: 'SubscriptionCreated',
    data: {
      subscriptionId,
      accountId: 'acc-1',
      orderId: 1,
      orderItemId: randomUUID(),
      productId: 104,
      productDefinitionId: 1041,
      personId: 1,
      keycardId,
      validFrom,
      expiresAt,
    },
  };
  await kit.store.append(subscriptionStreamName(subscriptionId), [created], { expectedRevision: -1 });
}

let nextOrderId = 700_000;
async function ticketOn(keycardId: number, productId: number, day: string) {
  const orderId = (nextOrderId += 1);
  const ticket: TicketRecord = {
    ticketId: randomUUID(),
    orderItemId: randomUUID(),
    productId,
    productDefinitionId: productId * 10 + 1,
    personId: null,
    personIndex: 1,
    personCount: 1,
    slotId: null,
    validity: { from: `${day}T00:00:00+01:00`, to: `${day}T23:59:59+01:00` },
    day,
    code: 'signed-elsewhere',
    keycardId,
  };
  const issued: TicketEvent = { type: 'TicketsIssued', data: { orderId, tickets: [ticket] } };
  await kit.store.append(ticketStreamName(orderId), [issued], { expectedRevision: -1 });
}

const on = (keycardId: number, day: string, time = '10:00:00') =>
  covers({ keycardId, productId: 107, day, occurredAt: `${day}T${time}+01:00` });

it('a season pass of the pool on the card covers the days of its period, not before nor after', async () => {
  await seasonPassOn(9001, '2030-12-19T23:00:00.000Z', '2031-04-18T22:00:00.000Z');
  await project();
  expect(await on(9001, '2030-12-20')).toBe('subscription');
  expect(await on(9001, '2030-12-19')).toBeNull();
  expect(await on(9001, '2031-04-19')).toBeNull();
  expect(await on(9002, '2030-12-20')).toBeNull();
});

it('a multi-day pass on the card, one ticket over its days, covers each of them and no other', async () => {
  const orderId = (nextOrderId += 1);
  const [planned] = planTickets(
    orderId,
    [
      {
        itemId: randomUUID(),
        parentItemId: null,
        originItemId: null,
        productId: 102,
        productDefinitionId: 102013,
        slotId: null,
        validity: { from: '2030-12-22', to: '2030-12-24' },
        quantity: 1,
        attributes: {},
        personalization: { personId: 1, medium: 'AXESS', keycardId: 9006 },
        unitPrice: { amount: 21800, currency: 'CHF', source: 'pricing' },
        price: { amount: 21800, currency: 'CHF' },
      },
    ],
    () => ({ kind: 'MULTI_DAY_PASS', timezone: 'Europe/Zurich' }),
  );
  expect(planned!.day).toBeNull();
  const issued: TicketEvent = {
    type: 'TicketsIssued',
    data: { orderId, tickets: [{ ...planned!, code: 'signed-elsewhere' }] },
  };
  await kit.store.append(ticketStreamName(orderId), [issued], { expectedRevision: -1 });
  await project();
  for (const day of ['2030-12-22', '2030-12-23', '2030-12-24']) expect(await on(9006, day)).toBe('ticket');
  expect(await on(9006, '2030-12-21')).toBeNull();
  expect(await on(9006, '2030-12-25')).toBeNull();
});

it('a day pass of the pool on the card covers its day; a gondola ride or another pool’s day pass does not', async () => {
  await ticketOn(9003, 101, '2030-12-21');
  await ticketOn(9004, 103, '2030-12-21');
  await ticketOn(9005, 201, '2030-12-21');
  await project();
  expect(await on(9003, '2030-12-21')).toBe('ticket');
  expect(await on(9003, '2030-12-22')).toBeNull();
  expect(await on(9004, '2030-12-21')).toBeNull();
  expect(await on(9005, '2030-12-21')).toBeNull();
});
