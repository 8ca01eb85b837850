import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import {
  defaultFeatureFlags,
  defaultPersonFieldRules,
  keycardFieldsBody,
  ticketStreamName,
} from '@alpenpass/contracts';
import { createAccountService } from '../account/account-service';
import { kitSlotDay } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
import { createKeycardService } from '../keycard/keycard-service';
import { handleCommand } from '../platform/event-store/command-handler';
import { createLogger } from '../platform/logger';
import { shopHeaders } from '../../test/support/shop-headers';
import { decideTickets } from '../ticket/decide';
import { orderTicketsFolder } from '../ticket/ticket';
import { planTickets } from '../ticket/ticket-plan';
import { createTicketTestKit, type TicketTestKit } from '../../test/support/ticket-kit';
import { readModelFactSources } from '../basket/basket-facts';
import { dayCoverage } from './day-coverage';
import { consumptionPricing } from './consumption-pricing';
import { parkedUsages } from './parked-usages';
import { createUsageRecorder } from './usage-recorder';

/** syncAxessUsedTickets on and off (real PostgreSQL): an AXESS gate's usage event for a keycard that holds
 * an issued ticket of that day marks the ticket used; the ticket list shows it, and it can no longer be
 * blocked or refunded. Off, the ticket is untouched. */
jest.setTimeout(60_000);
let kit: TicketTestKit;
let customer: string;
let keycardId: number;
const accountId = `sync-${randomUUID()}`;

beforeAll(async () => {
  kit = await createTicketTestKit({
    env: { TICKET_SIGNING_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'tickets-')), 'key.pem') },
  });
  await kit.checkout.basket.scheduleSlot(41, 10);
  customer = await kit.checkout.basket.identity.bearer({ subject: 'c-sync', roles: ['customer'], accountId });
  const { store, db } = kit.checkout.basket;
  const accounts = createAccountService({ store, knex: db.knex, personFieldRules: defaultPersonFieldRules });
  const keycards = createKeycardService({
    store,
    knex: db.knex,
    accounts,
    featureFlags: defaultFeatureFlags,
  });
  const caller = {
    principal: { subject: 'c-sync', roles: ['customer' as const], accountId },
    correlationId: 'test',
  };
  const personId = (
    await accounts.addPerson(caller, { firstName: 'Sync', lastName: 'Alpin', birthdate: '1990-01-01' }, true)
  ).id;
  keycardId = (
    await keycards.add(caller, {
      personId,
      ...keycardFieldsBody.parse({ type: 'AXESS', wtp: 'SYNC0000-111-222' }),
    })
  ).id;
}, 120_000);
afterAll(() => kit?.close());

const as = (token: string) => ({ ...shopHeaders, authorization: token });

/** given a paid order whose gondola place was loaded onto the AXESS card, with its ticket issued (the demo
 * catalogue offers no AXESS medium, so the card is named on the order's items here) */
async function ticketOnTheCard(): Promise<{ orderId: number; ticketId: string; itemId: string }> {
  const { orderId } = await kit.paidOrder(customer, 41, 1);
  const order = await kit.checkout.orders.ofCheckout(orderId);
  const items = order.items.map((item) => ({
    ...item,
    personalization: { personId: null, medium: 'AXESS' as const, keycardId },
  }));
  const planned = planTickets(orderId, items, () => ({ kind: 'TIME_SLOT', timezone: 'Europe/Zurich' })).map(
    (ticket) => ({ ...ticket, code: 'given' }),
  );
  await handleCommand(
    kit.checkout.basket.store,
    ticketStreamName(orderId),
    orderTicketsFolder,
    (state) => decideTickets({ type: 'IssueTickets', data: { orderId, tickets: planned } }, state),
    { actor: 'test' },
  );
  return { orderId, ticketId: planned[0]!.ticketId, itemId: items[0]!.itemId };
}

function recorder(syncAxessUsedTickets: boolean) {
  const { store, db } = kit.checkout.basket;
  const accounts = createAccountService({ store, knex: db.knex, personFieldRules: defaultPersonFieldRules });
  const keycards = createKeycardService({
    store,
    knex: db.knex,
    accounts,
    featureFlags: defaultFeatureFlags,
  });
  return createUsageRecorder({
    store,
    keycards,
    parked: parkedUsages(db.knex),
    pricing: consumptionPricing(readModelFactSources(db.knex, store)),
    coverage: dayCoverage(db.knex),
    usedTickets: syncAxessUsedTickets ? kit.tickets : undefined,
    log: createLogger('silent'),
  });
}
const gateEvent = (day: string) => ({
  eventId: randomUUID(),
  occurredAt: `${day}T09:00:00+01:00`,
  kind: 'PASSAGE',
  gateId: 'gondola-valley',
  card: { system: 'AXESS', number: 'SYNC0000111222' },
});
const ticketsOf = async (orderId: number) => {
  await kit.project();
  return (await request(kit.app).get(`/api/keycards/tickets?orderId=${orderId}`).set(as(customer))).body as {
    id: string;
    usedAt: string | null;
    status: string;
  }[];
};

it('leaves the ticket untouched while the flag is off', async () => {
  const { orderId } = await ticketOnTheCard();
  expect((await recorder(false).receive('test', gateEvent(kitSlotDay))).outcome).toBe('recorded');
  expect((await ticketsOf(orderId)).map((ticket) => ticket.usedAt)).toEqual([null]);
});

it('marks the ticket of that day used while the flag is on: shown used, no longer blocked or refunded', async () => {
  const { orderId, ticketId, itemId } = await ticketOnTheCard();
  const on = recorder(true);
  await on.receive('test', gateEvent('2030-12-22'));
  expect((await ticketsOf(orderId)).map((ticket) => ticket.usedAt)).toEqual([null]);
  await on.receive('test', gateEvent(kitSlotDay));
  await on.receive('test', gateEvent(kitSlotDay));
  const [used] = await ticketsOf(orderId);
  expect(used).toMatchObject({ id: ticketId, status: 'VALID', usedAt: `${kitSlotDay}T08:00:00.000Z` });
  expect(
    (await kit.checkout.basket.store.readStream(ticketStreamName(orderId))).filter(
      (event) => event.type === 'TicketUsed',
    ),
  ).toHaveLength(1);

  const blocked = await request(kit.app).post(`/api/keycards/tickets/${ticketId}/block`).set(as(customer));
  expect(blocked.status).toBe(409);
  expect(blocked.body.code).toBe('TICKET_USED');
  const { afterSale } = testOrderContext(kit.checkout.deps, {
    basket: kit.checkout.basket.service,
    tickets: kit.tickets,
    workflows: { start: async () => undefined, reserved: async () => undefined, paid: async () => undefined },
  });
  const staff = {
    principal: { subject: 'staff-1', roles: ['admin' as const], accountId: null },
    correlationId: 'test',
  };
  await expect(
    afterSale.staffRefund(
      staff,
      orderId,
      { items: [{ orderItemId: itemId, amount: 100 }], onlineCredit: false },
      null,
    ),
  ).rejects.toMatchObject({ code: 'TICKET_USED' });
  const customerCaller = {
    principal: { subject: 'c-sync', roles: ['customer' as const], accountId },
    correlationId: 'test',
  };
  await expect(
    afterSale.customerCancel(customerCaller, orderId, { orderItemIds: [itemId], onlineCredit: false }),
  ).rejects.toMatchObject({ code: 'TICKET_USED' });
});
