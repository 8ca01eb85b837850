import { createPublicKey, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { OrderLineDto, TicketDto } from '@alpenpass/contracts';
import { createTicketTestKit, type TicketTestKit } from '../../test/support/ticket-kit';
import { shopHeaders } from '../../test/support/shop-headers';
import { waitForMail } from '../../test/support/mailpit';
import { createSmtpMailer } from '../platform/mail/mailer';
import { loadMailSettings } from '../platform/mail/mail-settings';
import { silentLogger } from '../platform/event-store/event-store';
import { lookOf } from '../channel/channel-look';
import { describeOrderItems } from '../order/order-lines';
import { createOrderReader } from '../order/order-reader';
import { readTicketCode } from '../ticket/ticket-code';
import { createOrderMailService, orderMailMessageId } from './order-mail-service';

/** An order of adults and a child on a gondola slot and a 3-day pass reads the same in the
 * confirmation mail (through Mailpit) and the order's API answer, and the pass is one ticket per person. */
const domain = `run-${randomUUID().slice(0, 8)}.alpenpass.test`;
const mailer = createSmtpMailer(loadMailSettings({ MAIL_FROM: `Alpenpass Test <tickets@${domain}>` }));
let kit: TicketTestKit;
let customer: string;
let orderId: number;

beforeAll(async () => {
  kit = await createTicketTestKit({
    env: { TICKET_SIGNING_KEY_FILE: join(mkdtempSync(join(tmpdir(), 'lines-')), 'key.pem') },
  });
  // slot 61 of the summit gondola: Sat 21.12.2030, 08:00–11:00 in Zurich
  await kit.checkout.basket.scheduleSlot(61, 30);
  customer = await kit.checkout.basket.identity.bearer({
    subject: 'c-1',
    roles: ['customer'],
    accountId: '1',
  });
  ({ orderId } = await kit.paidOrderOf(customer, [
    { productDefinitionId: 1031, slotId: 61, allocation: { quantity: 2 } },
    { productDefinitionId: 1032, slotId: 61, allocation: { quantity: 1 } },
    {
      productDefinitionId: 102013,
      validity: { from: '2030-12-22', to: '2030-12-24' },
      allocation: { quantity: 2 },
    },
  ]));
  await kit.fulfilOrder(orderId);
  await kit.project();
}, 60_000);
afterAll(async () => {
  mailer.close();
  await kit?.close();
});

async function confirmationText(language: 'de' | 'en' | 'fr'): Promise<string> {
  const knex = kit.checkout.basket.db.knex;
  const mails = createOrderMailService({
    orders: createOrderReader({
      store: kit.checkout.basket.store,
      knex,
      accessSecret: 'order-lines-test-secret',
    }),
    knex,
    mailer,
    recipients: async () => ({ email: `lines-${language}@example.com`, language }),
    ticketAttachments: async () => [],
    describeItems: (items, lang) => describeOrderItems(knex, items, lang),
    orderPageUrl: () => `https://shop.example/${language}/orders/${orderId}`,
    messageIdDomain: `${language}.${domain}`,
    look: async () => lookOf(null, 'https://shop.example'),
    log: silentLogger,
  });
  const mailRequest = { orderId, kind: 'confirmation' as const };
  expect(await mails.sendOrderMail(mailRequest)).toBe('sent');
  const mail = await waitForMail(orderMailMessageId(mailRequest, `${language}.${domain}`));
  return mail.Text;
}

describe('order lines: person type, dates and slot', () => {
  it.each([
    [
      'de',
      [
        '2 × Gipfelgondel Alpenhorn, Erwachsene, Sa 21.12.2030, 08:00–11:00',
        '1 × Gipfelgondel Alpenhorn, Kind, Sa 21.12.2030, 08:00–11:00',
        '2 × Mehrtageskarte Alpenhorn, Erwachsene, So 22.12.2030 – Di 24.12.2030',
      ],
    ],
    [
      'en',
      [
        '2 × Alpenhorn summit gondola, Adult, Sat 21.12.2030, 08:00–11:00',
        '1 × Alpenhorn summit gondola, Child, Sat 21.12.2030, 08:00–11:00',
        '2 × Alpenhorn multi-day pass, Adult, Sun 22.12.2030 – Tue 24.12.2030',
      ],
    ],
    [
      'fr',
      [
        '1 × Télécabine du sommet Alpenhorn, Enfant, sam. 21.12.2030, 08:00–11:00',
        '2 × Forfait plusieurs jours Alpenhorn, Adulte, dim. 22.12.2030 – mar. 24.12.2030',
      ],
    ],
  ] as const)('the confirmation mail in %s lists each line as it reads', async (language, lines) => {
    const text = await confirmationText(language);
    const colon = language === 'fr' ? '\u00a0:' : ':';
    for (const line of lines) expect(text).toContain(`- ${line}${colon} `);
  });

  it('the order answers each item with its line in the language asked for', async () => {
    const answer = await request(kit.app)
      .get(`/api/orders/${orderId}?language=fr`)
      .set({ ...shopHeaders, authorization: customer });
    expect(answer.status).toBe(200);
    const lines = (answer.body.items as { productDefinitionId: number; line: OrderLineDto }[]).map((item) => [
      item.productDefinitionId,
      item.line,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [
          1032,
          expect.objectContaining({ personType: 'Enfant', dates: 'sam. 21.12.2030', slot: '08:00–11:00' }),
        ],
        [
          102013,
          expect.objectContaining({
            personType: 'Adulte',
            dates: 'dim. 22.12.2030 – mar. 24.12.2030',
            days: 3,
            slot: null,
          }),
        ],
      ]),
    );
  });

  it('the 3-day pass is one ticket per person over its three days, which its code admits offline', async () => {
    const tickets = (
      await request(kit.app)
        .get(`/api/keycards/tickets?orderId=${orderId}`)
        .set({ ...shopHeaders, authorization: customer })
    ).body as TicketDto[];
    const passTickets = tickets.filter((ticket) => ticket.productDefinitionId === 102013);
    expect(passTickets.map((ticket) => [ticket.personIndex, ticket.day, ticket.validity])).toEqual([
      [1, null, { from: '2030-12-22T00:00:00.000+01:00', to: '2030-12-24T23:59:59.999+01:00' }],
      [2, null, { from: '2030-12-22T00:00:00.000+01:00', to: '2030-12-24T23:59:59.999+01:00' }],
    ]);
    // the slot lines stay a ticket per person on their day
    expect(tickets.filter((ticket) => ticket.slotId === 61).map((ticket) => ticket.day)).toEqual([
      '2030-12-21',
      '2030-12-21',
      '2030-12-21',
    ]);
    const key = await request(kit.app).get('/api/keycards/tickets/signing-key');
    const publicKey = createPublicKey(key.body.publicKeyPem as string);
    expect(readTicketCode(publicKey, passTickets[0]!.code)).toMatchObject({
      firstDay: '2030-12-22',
      lastDay: '2030-12-24',
    });
  });
});
