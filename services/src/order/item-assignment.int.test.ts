import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { defaultPersonFieldRules, ticketStreamName } from '@alpenpass/contracts';
import { accountResourcesOf } from '../account/account-resources';
import { createAccountService } from '../account/account-service';
import { noAccountResources } from '../basket/account-resources';
import type { BasketTestKit } from '../../test/support/basket-kit';
import { handleCommand } from '../platform/event-store/command-handler';
import { shopHeaders } from '../../test/support/shop-headers';
import { decideTickets } from '../ticket/decide';
import { orderTicketsFolder } from '../ticket/ticket';
import { createTicketTestKit, type TicketTestKit } from '../../test/support/ticket-kit';

/**
 * §7 PATCH /orders/{orderId}/items/{orderItemId}/assign: the owner names who an item
 * is for after the order, by the basket's naming rules, while the item is not used, cancelled or
 * refunded; a paid order's tickets then carry the person. The gondola (adult 1031) on slot 31, the
 * 21 December 2030; Alice and Anna are adults, Mia 10, Bob another account's.
 */
const accountsOf = (store: BasketTestKit['store'], knex: BasketTestKit['db']['knex']) =>
  createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });

let kit: TicketTestKit;
const bearer: Record<string, string> = {};
const person: Record<string, number> = {};

beforeAll(async () => {
  kit = await createTicketTestKit({
    env: { TICKET_SIGNING_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'assign-')), 'key.pem') },
    accounts: (store, knex) => accountResourcesOf(accountsOf(store, knex), noAccountResources),
  });
  await kit.checkout.basket.scheduleSlot(31, 40);
  const accounts = accountsOf(kit.checkout.basket.store, kit.checkout.basket.db.knex);
  for (const accountId of ['alice', 'bob'])
    bearer[accountId] = await kit.checkout.basket.identity.bearer({
      subject: `c-${accountId}`,
      roles: ['customer'],
      accountId,
    });
  const of = (accountId: string) => ({
    principal: { subject: `c-${accountId}`, roles: ['customer' as const], accountId },
    correlationId: 'persons',
  });
  person.alice = (
    await accounts.addPerson(
      of('alice'),
      { firstName: 'Alice', lastName: 'Alpin', birthdate: '1990-04-01' },
      true,
    )
  ).id;
  person.mia = (
    await accounts.addPerson(of('alice'), { firstName: 'Mia', lastName: 'Alpin', birthdate: '2020-07-03' })
  ).id;
  person.anna = (
    await accounts.addPerson(of('alice'), { firstName: 'Anna', lastName: 'Alpin', birthdate: '1988-02-11' })
  ).id;
  person.bob = (
    await accounts.addPerson(of('bob'), { firstName: 'Bob', lastName: 'Berg', birthdate: '1990-04-01' }, true)
  ).id;
}, 60_000);
afterAll(() => kit?.close());

const gondola = (quantity = 1) => ({ productDefinitionId: 1031, slotId: 31, allocation: { quantity } });
const assign = (orderId: number, itemId: string, body: object, who: string | null = 'alice') => {
  const test = request(kit.app).patch(`/api/orders/${orderId}/items/${itemId}/assign`).set(shopHeaders);
  return (who ? test.set('authorization', who === 'staff' ? kit.staff : bearer[who]!) : test).send(body);
};
const itemsOf = async (orderId: number) => (await kit.checkout.orders.ofCheckout(orderId)).items;
const ticketsOf = async (orderId: number) => {
  await kit.project();
  return (
    await request(kit.app)
      .get(`/api/keycards/tickets?orderId=${orderId}`)
      .set(shopHeaders)
      .set('authorization', bearer.alice!)
  ).body as { orderItemId: string; personId: number | null; code: string }[];
};
const expectRefused = (response: request.Response, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.body.code).toBe(code);
};

describe('a paid order', () => {
  let orderId: number;
  let first: string;
  let second: string;
  beforeAll(async () => {
    ({ orderId } = await kit.paidOrderOf(bearer.alice!, [gondola(), gondola()]));
    await kit.fulfilOrder(orderId);
    [first, second] = (await itemsOf(orderId)).map((item) => item.itemId) as [string, string];
  });

  it('names the person on the item and on its issued tickets, whose codes stay; the same call again changes nothing', async () => {
    const before = await ticketsOf(orderId);
    const done = await assign(orderId, first, { personId: person.alice });
    expect(done.status).toBe(200);
    expect(done.body.items.find((item: { id: string }) => item.id === first).personalization).toEqual({
      personId: person.alice,
      medium: null,
      keycardId: null,
    });
    const after = await ticketsOf(orderId);
    expect(after.map((ticket) => [ticket.orderItemId, ticket.personId])).toEqual([
      [first, person.alice],
      [second, null],
    ]);
    expect(after.map((ticket) => ticket.code)).toEqual(before.map((ticket) => ticket.code));
    const events = (await kit.checkout.basket.store.readStream(ticketStreamName(orderId))).length;
    expect((await assign(orderId, first, { personId: person.alice })).status).toBe(200);
    expect((await kit.checkout.basket.store.readStream(ticketStreamName(orderId))).length).toBe(events);
  });

  it("refuses by the naming rules: too young, named already for the slot, another account's person", async () => {
    expectRefused(await assign(orderId, second, { personId: person.mia }), 400, 'PERSON_AGE_NOT_ALLOWED');
    expectRefused(await assign(orderId, second, { personId: person.alice }), 400, 'PERSON_NAMED_TWICE');
    expectRefused(await assign(orderId, second, { personId: person.bob }), 404, 'PERSON_NOT_FOUND');
    expectRefused(await assign(orderId, second, { personId: person.bob }, 'staff'), 404, 'PERSON_NOT_FOUND');
    expect((await itemsOf(orderId)).find((item) => item.itemId === second)?.personalization).toBeNull();
  });

  it("answers someone else's order, no token and an unknown item like unknown ids; refuses malformed bodies", async () => {
    expectRefused(await assign(orderId, second, { personId: person.bob }, 'bob'), 404, 'ORDER_NOT_FOUND');
    expectRefused(await assign(orderId, second, { personId: person.alice }, null), 404, 'ORDER_NOT_FOUND');
    expectRefused(
      await assign(orderId, '00000000-0000-4000-8000-000000000099', { personId: person.alice }),
      404,
      'ORDER_ITEM_NOT_FOUND',
    );
    for (const body of [{}, { personId: 'alice' }, { personId: 0 }, { personId: person.alice, keycardId: 3 }])
      expectRefused(await assign(orderId, second, body), 400, 'VALIDATION_FAILED');
    expectRefused(await assign(orderId, 'not-a-uuid', { personId: person.alice }), 400, 'VALIDATION_FAILED');
  });

  it('refuses an item whose ticket was used at a gate, and a cancelled item', async () => {
    const ticketId = (await kit.tickets.loadTickets(orderId)).tickets.find(
      (candidate) => candidate.orderItemId === second,
    )!.ticketId;
    await handleCommand(
      kit.checkout.basket.store,
      ticketStreamName(orderId),
      orderTicketsFolder,
      (state) =>
        decideTickets(
          {
            type: 'MarkTicketUsed',
            data: { orderId, ticketId, usedAt: '2030-12-21T08:00:00Z', gateId: 'gondola-valley' },
          },
          state,
        ),
      { actor: 'test' },
    );
    expectRefused(await assign(orderId, second, { personId: person.alice }), 409, 'TICKET_USED');

    const staff = {
      principal: { subject: 'staff-1', roles: ['admin' as const], accountId: null },
      correlationId: 'test',
    };
    await kit.orders.afterSale.staffCancelItems(staff, orderId, { orderItemIds: [first] });
    expectRefused(await assign(orderId, first, { personId: person.alice }), 409, 'ORDER_ITEM_CANCELLED');
  });
});

describe('assignments at once', () => {
  it('leave the tickets with the person the order names last, whichever reaches them last', async () => {
    const { orderId } = await kit.paidOrderOf(bearer.alice!, [gondola()]);
    await kit.fulfilOrder(orderId);
    const [item] = await itemsOf(orderId);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        [person.alice, person.anna, person.alice, person.anna].map((personId) =>
          assign(orderId, item!.itemId, { personId }),
        ),
      );
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const [named] = await itemsOf(orderId);
      expect((await ticketsOf(orderId)).map((ticket) => ticket.personId)).toEqual([
        named!.personalization!.personId,
      ]);
    }
  });
});

describe('before the tickets', () => {
  it('a paid order not fulfilled yet issues its tickets with the person', async () => {
    const { orderId } = await kit.paidOrderOf(bearer.alice!, [gondola()]);
    const [item] = await itemsOf(orderId);
    expect((await assign(orderId, item!.itemId, { personId: person.alice })).status).toBe(200);
    await kit.fulfilOrder(orderId);
    expect((await ticketsOf(orderId)).map((ticket) => ticket.personId)).toEqual([person.alice]);
  });

  it('an unpaid order takes the person too; an item of several places takes none', async () => {
    const checkout = await request(kit.app)
      .post('/api/checkout')
      .set(shopHeaders)
      .set('authorization', bearer.alice!)
      .send({ items: [gondola(), gondola(2)] });
    const [one, two] = checkout.body.order.items as { id: string }[];
    const done = await assign(checkout.body.orderId, one!.id, { personId: person.alice });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('CREATED');
    expectRefused(
      await assign(checkout.body.orderId, two!.id, { personId: person.alice }),
      400,
      'ORDER_ITEM_FOR_SEVERAL_PERSONS',
    );
  });
});
