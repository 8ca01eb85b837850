import type { Knex } from 'knex';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { defaultPersonFieldRules } from '@alpenpass/contracts';
import { accountResourcesOf, personNamesOf } from '../account/account-resources';
import { createAccountService, type AccountService } from '../account/account-service';
import { noAccountResources } from '../basket/account-resources';
import type { EventStore } from '../platform/event-store/event-store';
import { shopHeaders } from '../../test/support/shop-headers';
import { formatChf, vatContained } from './pdf/formats';
import { FIXED_TICKET_HEIGHT } from './pdf/ticket-pdf';
import { createTicketTestKit, type TicketTestKit } from '../../test/support/ticket-kit';

/** The PDFs as a reader sees them: parsed with pdf.js (text, page size) and their QR images decoded. */
const keyFile = join(mkdtempSync(join(tmpdir(), 'tickets-')), 'key.pem');
const kits: TicketTestKit[] = [];
afterAll(async () => {
  for (const kit of kits) await kit.close();
});

async function kitWith(flags: string) {
  const kit = await createTicketTestKit({
    env: {
      TICKET_SIGNING_KEY_FILE: keyFile,
      FEATURE_FLAGS: flags,
    },
  });
  kits.push(kit);
  await kit.brandChannel('Testtal Tickets', {
    company: { name: 'Bergbahnen Testtal AG', vatNumber: 'CHE-987.654.321' },
  });
  await kit.checkout.basket.scheduleSlot(61, 30);
  const customer = await kit.checkout.basket.identity.bearer({
    subject: 'c-1',
    roles: ['customer'],
    accountId: '1',
  });
  return { kit, customer };
}

const download = (
  kit: TicketTestKit,
  customer: string,
  orderId: number,
  kind: 'ticket-url' | 'receipt-url',
  language: string,
) => kit.documentPages(customer, orderId, kind, language);

async function paidOrder(kit: TicketTestKit, customer: string, quantity: number) {
  const { orderId } = await kit.paidOrder(customer, 61, quantity);
  await kit.fulfilOrder(orderId);
  await kit.project();
  const tickets = (
    await request(kit.app)
      .get(`/api/keycards/tickets?orderId=${orderId}`)
      .set({ ...shopHeaders, authorization: customer })
  ).body as { id: string; code: string }[];
  const order = (
    await request(kit.app)
      .get(`/api/orders/${orderId}`)
      .set({ ...shopHeaders, authorization: customer })
  ).body as { refno: string; total: { amount: number }; items: { price: { amount: number } }[] };
  return { orderId, tickets, order };
}

const accountsOf = (store: EventStore, knex: Knex) =>
  createAccountService({ store, knex, personFieldRules: defaultPersonFieldRules });

const joined = (page: { text: string[] }) => page.text.join(' ');

describe('ticket and receipt PDFs (flags off)', () => {
  let fixture: Awaited<ReturnType<typeof kitWith>>;
  beforeAll(async () => {
    fixture = await kitWith('');
  }, 60_000);

  it('one 9 cm page per ticket, in the language asked for, whose QR code is the ticket code that verifies as valid', async () => {
    const { kit, customer } = fixture;
    const { orderId, tickets, order } = await paidOrder(kit, customer, 2);
    const pages = await download(kit, customer, orderId, 'ticket-url', 'de');
    expect(pages).toHaveLength(2);
    for (const [index, page] of pages.entries()) {
      expect(page.height).toBeCloseTo(FIXED_TICKET_HEIGHT, 1);
      expect(page.height).toBeCloseTo((9 / 2.54) * 72, 1);
      expect(joined(page)).toContain(`Person ${index + 1} von 2`);
      expect(joined(page)).toContain('Gültig am');
      expect(joined(page)).toContain(`Bestellung ${order.refno}`);
      expect(joined(page)).toContain(tickets[index]!.id);
      expect(page.qrCodes).toEqual([tickets[index]!.code]);
      const verified = await request(kit.app)
        .post('/api/keycards/tickets/verification')
        .set({ ...shopHeaders, authorization: kit.staff })
        .send({ code: page.qrCodes[0] });
      expect(verified.body.result).toBe('valid');
    }
    const french = await download(kit, customer, orderId, 'ticket-url', 'fr');
    expect(joined(french[0]!)).toContain('Valable le');
    expect(joined(french[0]!)).toContain('Personne 1 sur 2');
    expect(joined((await download(kit, customer, orderId, 'ticket-url', 'en'))[1]!)).toContain(
      'Person 2 of 2',
    );
  });

  it('a blocked ticket is left out of the PDF', async () => {
    const { kit, customer } = fixture;
    const { orderId, tickets } = await paidOrder(kit, customer, 2);
    await request(kit.app)
      .post(`/api/keycards/tickets/${tickets[0]!.id}/block`)
      .set({ ...shopHeaders, authorization: customer });
    const pages = await download(kit, customer, orderId, 'ticket-url', 'en');
    expect(pages.map((page) => page.qrCodes)).toEqual([[tickets[1]!.code]]);
  });

  it("the receipt shows the operator, the order's items, the total and the VAT it includes, in CHF", async () => {
    const { kit, customer } = fixture;
    const { orderId, order } = await paidOrder(kit, customer, 3);
    const [page] = await download(kit, customer, orderId, 'receipt-url', 'de');
    const text = joined(page!);
    expect(text).toContain('Bergbahnen Testtal AG');
    expect(text).toContain('CHE-987.654.321 MWST');
    expect(text).toContain(`Quittung ${order.refno}`);
    expect(text).toContain('Zahlungsart: Vor Ort');
    expect(page!.text).toContain('3');
    expect(page!.text).toContain(formatChf(order.items[0]!.price.amount));
    expect(page!.text).toContain('Total');
    const vat = vatContained(order.total.amount, 8.1);
    expect(vat).toBeGreaterThan(0);
    expect(text).toContain(`inkl. 8.1 % MWST auf ${formatChf(order.total.amount - vat)}`);
    expect(page!.text).toContain(formatChf(vat));
    expect(page!.text.filter((line) => line === formatChf(order.total.amount)).length).toBeGreaterThanOrEqual(
      1,
    );
    const english = joined((await download(kit, customer, orderId, 'receipt-url', 'en'))[0]!);
    expect(english).toContain('Receipt');
    expect(english).toContain('incl. 8.1 % VAT');
    expect(english).toContain('CHE-987.654.321 VAT');
    const french = joined((await download(kit, customer, orderId, 'receipt-url', 'fr'))[0]!);
    expect(french).toContain('CHE-987.654.321 TVA');
  });

  describe('a multi-day pass for two with its keycard deposits', () => {
    it('gives one ticket per person over the three days and no deposit ticket; the receipt charges no VAT on the deposits', async () => {
      const { kit, customer } = fixture;
      const { orderId } = await kit.paidOrderOf(customer, [
        {
          productDefinitionId: 102013,
          validity: { from: '2030-12-22', to: '2030-12-24' },
          allocation: { quantity: 2 },
        },
      ]);
      await kit.fulfilOrder(orderId);
      await kit.project();
      const order = (
        await request(kit.app)
          .get(`/api/orders/${orderId}`)
          .set({ ...shopHeaders, authorization: customer })
      ).body as { total: { amount: number }; items: { productId: number; price: { amount: number } }[] };
      const deposits = order.items.filter((item) => item.productId === 105);
      expect(deposits).toHaveLength(1);
      const tickets = (
        await request(kit.app)
          .get(`/api/keycards/tickets?orderId=${orderId}`)
          .set({ ...shopHeaders, authorization: customer })
      ).body as { day: string | null; personIndex: number; code: string }[];
      expect(tickets.map((ticket) => `${ticket.personIndex} ${ticket.day}`)).toEqual(['1 null', '2 null']);

      const pages = await download(kit, customer, orderId, 'ticket-url', 'en');
      expect(pages.map((page) => page.qrCodes[0])).toEqual(tickets.map((ticket) => ticket.code));
      expect(joined(pages[1]!)).toContain('Valid on 3 days: Sun 22.12.2030 – Tue 24.12.2030');
      expect(joined(pages[1]!)).toContain('Person 2 of 2');

      const [receipt] = await download(kit, customer, orderId, 'receipt-url', 'en');
      const taxable = order.total.amount - deposits[0]!.price.amount;
      const vat = vatContained(taxable, 8.1);
      expect(joined(receipt!)).toContain(`incl. 8.1 % VAT on ${formatChf(taxable - vat)}`);
      expect(receipt!.text).toContain(formatChf(vat));
      expect(receipt!.text).toContain(formatChf(order.total.amount));
    });
  });
});

describe('with dynamicTicketHeight and vmcReceipts', () => {
  let fixture: Awaited<ReturnType<typeof kitWith>>;
  beforeAll(async () => {
    fixture = await kitWith('dynamicTicketHeight,vmcReceipts');
  }, 60_000);

  it('the ticket page is as high as its content, not 9 cm, and still carries its code', async () => {
    const { kit, customer } = fixture;
    const { orderId, tickets } = await paidOrder(kit, customer, 1);
    const [page] = await download(kit, customer, orderId, 'ticket-url', 'en');
    expect(page!.height).toBeLessThan(FIXED_TICKET_HEIGHT - 10);
    // the 6 cm code and its margins
    expect(page!.height).toBeGreaterThanOrEqual((6 / 2.54) * 72);
    expect(page!.qrCodes).toEqual([tickets[0]!.code]);
  });

  it("the receipt lists one line per ticket, whose shares add up to the item's price", async () => {
    const { kit, customer } = fixture;
    const { orderId, order } = await paidOrder(kit, customer, 3);
    const [page] = await download(kit, customer, orderId, 'receipt-url', 'en');
    const text = joined(page!);
    for (const person of [1, 2, 3]) expect(text).toContain(`Person ${person} of 3`);
    expect(page!.text).toContain(formatChf(order.total.amount));
  });
});

describe('a personalised ticket', () => {
  it("names the holder (the account's person) on the PDF and in the tickets API", async () => {
    let accounts: AccountService | undefined;
    const kit = await createTicketTestKit({
      env: { TICKET_SIGNING_KEY_FILE: keyFile },
      accounts: (store, knex) => accountResourcesOf((accounts = accountsOf(store, knex)), noAccountResources),
      // the ticket area's port as contexts.ts wires it: the names of the order account's persons
      holderNames: (accountId, personIds) => personNamesOf(accounts!)(accountId, personIds),
    });
    kits.push(kit);
    await kit.checkout.basket.scheduleSlot(62, 30);
    const customer = await kit.checkout.basket.identity.bearer({
      subject: 'c-holder',
      roles: ['customer'],
      accountId: 'holder',
    });
    const { id: personId } = await accounts!.addPerson(
      {
        principal: { subject: 'c-holder', roles: ['customer'], accountId: 'holder' },
        correlationId: 'persons',
      },
      { firstName: 'Seraina', lastName: 'Caminada', birthdate: '1991-05-17' },
      true,
    );
    const { orderId } = await kit.paidOrder(customer, 62, 1);
    // the item names its person before the tickets are issued (§7 assign, as the basket's personalization does)
    const [item] = (await kit.checkout.orders.ofCheckout(orderId)).items;
    const assigned = await request(kit.app)
      .patch(`/api/orders/${orderId}/items/${item!.itemId}/assign`)
      .set({ ...shopHeaders, authorization: customer })
      .send({ personId });
    expect(assigned.status).toBe(200);
    await kit.fulfilOrder(orderId);
    await kit.project();

    const tickets = await request(kit.app)
      .get(`/api/keycards/tickets?orderId=${orderId}`)
      .set({ ...shopHeaders, authorization: customer });
    expect(tickets.status).toBe(200);
    expect(
      (tickets.body as { personId: number | null; holderName: string | null }[]).map((ticket) => [
        ticket.personId,
        ticket.holderName,
      ]),
    ).toEqual([[personId, 'Seraina Caminada']]);

    for (const language of ['de', 'en', 'fr']) {
      const [page, ...more] = await download(kit, customer, orderId, 'ticket-url', language);
      expect(more).toHaveLength(0);
      expect(joined(page!)).toContain('Seraina Caminada');
    }
  }, 60_000);
});
