import { randomInt, randomUUID } from 'node:crypto';
import {
  checkoutStreamName,
  describeOrderLine,
  orderStreamName,
  type Language,
  type OrderItemRecord,
} from '@alpenpass/contracts';
import type { OrderMailRequest } from '@alpenpass/workflows';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import type { EventStore } from '../platform/event-store/event-store';
import { silentLogger } from '../platform/event-store/event-store';
import { createSmtpMailer } from '../platform/mail/mailer';
import { loadMailSettings } from '../platform/mail/mail-settings';
import {
  htmlCheck,
  linkCheck,
  mailAttachment,
  mailsWithMessageId,
  waitForMail,
} from '../../test/support/mailpit';
import { lookOf } from '../channel/channel-look';
import { createOrderMailService, orderMailMessageId, type OrderMailService } from './order-mail-service';
import {
  accountRecipients,
  checkoutConditionRecipients,
  firstRecipient,
  type OrderMailRecipient,
} from './recipients';
import { findSentMail } from '../platform/mail/sent-mails';
import { orderPageLink } from './order-page-link';
import { isOrderAccessToken } from '../order/order-ids';
import { createOrderReader, type OrderReader } from '../order/order-reader';

/** Order mails over real SMTP into the local Mailpit, read back through its JSON API. Each run uses a
 * Message-ID domain of its own: Mailpit outlives the test databases. */
const domain = `run-${randomUUID().slice(0, 8)}.alpenpass.test`;
const smtp = loadMailSettings({ MAIL_FROM: `Alpenpass Test <tickets@${domain}>` });
const mailer = createSmtpMailer(smtp);
const ticketPdf = Buffer.from('%PDF-1.4\n% a ticket\n');
const accessSecret = 'order-mail-test-access-secret';
const look = lookOf(
  {
    name: 'Bergbahnen Beispiel',
    branding: {
      logoUrl: '/images/demo/logo.svg',
      primaryColor: '#1d5d8f',
      accentColor: '#d9643b',
      fontFamily: '"Source Sans 3", sans-serif',
    },
  },
  'https://shop.example',
);

let db: TestDatabase;
let store: EventStore;
let mails: OrderMailService;
let orders: OrderReader;
const recipients = new Map<number, OrderMailRecipient>();
const attachmentsByOrder = new Map<number, Buffer>();

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  orders = createOrderReader({ store, knex: db.knex, accessSecret });
  mails = createOrderMailService({
    orders,
    knex: db.knex,
    mailer,
    recipients: async (order) => recipients.get(order.orderId) ?? null,
    ticketAttachments: async (orderId) => {
      const pdf = attachmentsByOrder.get(orderId);
      return pdf
        ? [{ filename: `tickets-${orderId}.pdf`, content: pdf, contentType: 'application/pdf' }]
        : [];
    },
    describeItems: async (items, language) =>
      new Map(
        items.map((entry) => [
          entry.itemId,
          describeOrderLine({
            productName:
              { de: 'Gondel Erwachsene', en: 'Gondola adult', fr: 'Télécabine adulte' }[language] +
              ` ${entry.productId}`,
            personType: null,
            validity: entry.validity,
            hasSlot: false,
            timezone: 'Europe/Zurich',
            language,
          }),
        ]),
      ),
    productKind: async (productId) => (productId === 104 ? 'SEASON_SUBSCRIPTION' : 'TIME_SLOT'),
    orderPageUrl: orderPageLink('https://shop.example', orders),
    messageIdDomain: domain,
    look: async () => look,
    log: silentLogger,
  });
});
afterAll(async () => {
  mailer.close();
  await store?.close();
  await db?.drop();
});

function item(itemId: string, quantity: number, unit: number): OrderItemRecord {
  return {
    itemId,
    parentItemId: null,
    originItemId: null,
    productId: 103,
    productDefinitionId: 1031,
    slotId: null,
    validity: { from: '2030-12-21T07:00:00Z', to: '2030-12-21T16:00:00Z' },
    quantity,
    attributes: {},
    personalization: null,
    unitPrice: { amount: unit, currency: 'CHF', source: 'basePrice' },
    price: { amount: unit * quantity, currency: 'CHF' },
  };
}

/** A placed order of two items (2 × 45.00 and 1 × 22.50 = CHF 112.50) for `email` in `language`. */
async function placeOrder(
  email: string,
  language: Language,
  extra: Record<string, unknown> = {},
): Promise<{ orderId: number; itemIds: string[] }> {
  const orderId = randomInt(1_000_000, 2_000_000_000);
  const items = [item(randomUUID(), 2, 4500), item(randomUUID(), 1, 2250)];
  await store.append(
    orderStreamName(orderId),
    [
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          checkoutId: randomUUID(),
          basketId: randomUUID(),
          accountId: null,
          type: 'ONE_TIME',
          refno: `AP-${orderId}`,
          items,
          total: { amount: 11250, currency: 'CHF' },
          comment: null,
          addresses: { shippingAddressId: null, billingAddressId: null },
          ...extra,
        },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  recipients.set(orderId, { email, language });
  return { orderId, itemIds: items.map((entry) => entry.itemId) };
}

const messageIdOf = (request: OrderMailRequest) => orderMailMessageId(request, domain);

describe('order mails through SMTP into Mailpit', () => {
  it.each([
    ['de', 'ist bestätigt', 'Ihre Tickets finden Sie im Anhang.', 'CHF 112.50', 'Gondel Erwachsene'],
    ['en', 'is confirmed', 'Your tickets are attached.', 'CHF 112.50', 'Gondola adult'],
    ['fr', 'est confirmée', 'Vous trouverez vos billets en pièce jointe.', '112.50 CHF', 'Télécabine adulte'],
  ] as const)(
    'a confirmation in %s: subject, plain text and HTML in the language, tickets attached',
    async (language, subjectPart, attachedNote, total, productName) => {
      const { orderId } = await placeOrder(`guest-${language}@example.com`, language);
      attachmentsByOrder.set(orderId, ticketPdf);
      const request: OrderMailRequest = { orderId, kind: 'confirmation' };
      expect(await mails.sendOrderMail(request)).toBe('sent');

      const mail = await waitForMail(messageIdOf(request));
      expect(mail.Subject).toBe(
        `${{ de: 'Ihre Bestellung', en: 'Your order', fr: 'Votre commande' }[language]} AP-${orderId} ${subjectPart}`,
      );
      expect(mail.To.map((to) => to.Address)).toEqual([`guest-${language}@example.com`]);
      expect(mail.Text).toContain(attachedNote);
      expect(mail.Text).toContain(`2 × ${productName} 103`);
      // Swiss number formats use a typographic apostrophe or narrow space for thousands; none here
      expect(mail.Text.replace(/\s/g, ' ')).toContain(total);
      expect(mail.HTML).toContain(`<html lang="${language}"`);
      expect(mail.HTML).toContain(productName);
      expect(mail.Attachments.map((attachment) => [attachment.FileName, attachment.ContentType])).toEqual([
        [`tickets-${orderId}.pdf`, 'application/pdf'],
      ]);
      expect(await mailAttachment(mail, mail.Attachments[0]!.PartID)).toEqual(ticketPdf);
    },
  );

  it.each([
    ['de', 'erneuert sich jedes Jahr automatisch', 'Mein Konto › Abonnemente'],
    ['en', 'renews automatically every year', 'My account › Subscriptions'],
    ['fr', 'se renouvelle automatiquement chaque année', 'Mon compte › Abonnements'],
  ] as const)(
    'a confirmation in %s repeats a season pass’s renewal terms: price, period, how to cancel',
    async (language, renews, whereToCancel) => {
      const seasonPass = {
        ...item(randomUUID(), 1, 89000),
        productId: 104,
        productDefinitionId: 1041,
        validity: { from: '2030-12-20', to: '2031-04-18' },
      };
      const { orderId } = await placeOrder(`season-${language}@example.com`, language, {
        items: [seasonPass],
      });
      const request: OrderMailRequest = { orderId, kind: 'confirmation' };
      expect(await mails.sendOrderMail(request)).toBe('sent');
      const mail = await waitForMail(messageIdOf(request));
      const text = mail.Text.replace(/\s+/g, ' ');
      expect(text).toContain(renews);
      expect(text).toContain(whereToCancel);
      // the note names the price and the season in brackets: "(CHF 890.00, valid 20/12/2030 – 18/04/2031)"
      expect(text).toMatch(/\((CHF 890\.00|890\.00 CHF), [^)]*20\D12\D2030 – 18\D0?4\D2031\)/);
      expect(mail.HTML).toContain(renews);
    },
  );

  it('a confirmation without a season pass says nothing of a renewal', async () => {
    const { orderId } = await placeOrder('no-season@example.com', 'en');
    const request: OrderMailRequest = { orderId, kind: 'confirmation' };
    expect(await mails.sendOrderMail(request)).toBe('sent');
    expect((await waitForMail(messageIdOf(request))).Text).not.toContain('renews automatically');
  });

  it('a confirmation is a branded, responsive mail: logo, summary table, button; the text part carries the order lines; Mailpit finds its HTML widely supported and its links well-formed', async () => {
    const { orderId } = await placeOrder('branded@example.com', 'de');
    const request: OrderMailRequest = { orderId, kind: 'confirmation' };
    expect(await mails.sendOrderMail(request)).toBe('sent');
    const mail = await waitForMail(messageIdOf(request));

    const text = mail.Text.replace(/[^\S\n]/g, ' ');
    expect(text).toContain('- 2 × Gondel Erwachsene 103, Sa 21.12.2030: CHF 90.00');
    expect(text).toContain('- 1 × Gondel Erwachsene 103, Sa 21.12.2030: CHF 22.50');
    expect(mail.Text).toContain('Ihr Team von Bergbahnen Beispiel');
    expect(mail.HTML).toContain('src="https://shop.example/images/demo/logo.png"');
    expect(mail.HTML).toContain('>Bergbahnen Beispiel</a>');
    expect(mail.HTML).toContain('>Leistung</th>');
    expect(mail.HTML).toContain('@media only screen and (min-width:480px)');
    expect(mail.HTML).toMatch(
      /<a\s+href="https:\/\/shop\.example\/de\/orders\/\d+\?token=[^"]+"[^>]*background:#d9643b/,
    );

    const check = await htmlCheck(mail);
    console.log(
      `Mailpit HTML check of the confirmation: ${check.Total.Supported.toFixed(1)} % supported, ${check.Total.Unsupported.toFixed(1)} % unsupported`,
    );
    expect(check.Total.Tests).toBeGreaterThan(0);
    expect(check.Total.Supported).toBeGreaterThanOrEqual(80);
    expect(check.Total.Unsupported).toBeLessThan(10);

    // the shop's address does not answer in tests: every link must still be a well-formed address on it
    const links = await linkCheck(mail);
    const urls = links.Links.map((link) => link.URL);
    expect(urls).toEqual(
      expect.arrayContaining([
        'https://shop.example',
        'https://shop.example/images/demo/logo.png',
        expect.stringMatching(/^https:\/\/shop\.example\/de\/orders\/\d+\?token=/),
      ]),
    );
    for (const url of urls) expect(new URL(url).origin).toBe('https://shop.example');
    for (const link of links.Links) expect(link.StatusCode === 0 || link.StatusCode < 400).toBe(true);
  });

  it("every order mail links to the order page: a guest's signed with the order token, a customer's plain", async () => {
    const guest = await placeOrder('guest-link@example.com', 'fr');
    const reservation: OrderMailRequest = { orderId: guest.orderId, kind: 'reservation' };
    expect(await mails.sendOrderMail(reservation)).toBe('sent');
    const mail = await waitForMail(messageIdOf(reservation));
    const link = /https:\/\/shop\.example\/fr\/orders\/(\d+)\?token=([\w%-]+)/.exec(mail.Text);
    expect(Number(link?.[1])).toBe(guest.orderId);
    expect(isOrderAccessToken(accessSecret, guest.orderId, decodeURIComponent(link![2]!))).toBe(true);
    expect(mail.Text).toContain('Voir votre commande en ligne');
    expect(mail.HTML).toContain(`href="https://shop.example/fr/orders/${guest.orderId}?token=`);

    const customer = await placeOrder('customer-link@example.com', 'de', { accountId: 'acc-1' });
    for (const kind of ['confirmation', 'cancellation', 'refund'] as const) {
      const request: OrderMailRequest = {
        orderId: customer.orderId,
        kind,
        details: { itemIds: [customer.itemIds[0]!], refundedAmount: 100 },
      };
      expect(await mails.sendOrderMail(request)).toBe('sent');
      const sent = await waitForMail(messageIdOf(request));
      expect(sent.Text).toMatch(
        new RegExp(`Ihre Bestellung online ansehen: https://shop\\.example/de/orders/${customer.orderId}\\s`),
      );
    }
  });

  it('a reservation asks to pay on site; its cancellation lists the cancelled item; the refund names the amount and where it went', async () => {
    const { orderId, itemIds } = await placeOrder('onsite@example.com', 'de');
    const reservation: OrderMailRequest = { orderId, kind: 'reservation' };
    expect(await mails.sendOrderMail(reservation)).toBe('sent');
    const reserved = await waitForMail(messageIdOf(reservation));
    expect(reserved.Subject).toBe(`Ihre Reservierung AP-${orderId}`);
    expect(reserved.Text).toContain('Bitte bezahlen Sie die Reservierung an der Kasse vor Ort.');
    expect(reserved.Attachments).toEqual([]);

    const cancellation: OrderMailRequest = {
      orderId,
      kind: 'cancellation',
      eventKey: 'cancel-1',
      details: { itemIds: [itemIds[1]!] },
    };
    expect(await mails.sendOrderMail(cancellation)).toBe('sent');
    const cancelled = await waitForMail(messageIdOf(cancellation));
    expect(cancelled.Text).toContain('Stornierte Positionen');
    expect(cancelled.Text).toContain('1 × Gondel Erwachsene 103');
    expect(cancelled.Text).not.toContain('2 × Gondel Erwachsene 103');

    const refund: OrderMailRequest = {
      orderId,
      kind: 'refund',
      eventKey: 'refund-1',
      details: { itemIds: [itemIds[1]!], refundedAmount: 2250, onlineCredit: true },
    };
    expect(await mails.sendOrderMail(refund)).toBe('sent');
    const refunded = await waitForMail(messageIdOf(refund));
    expect(refunded.Subject).toBe(`Rückerstattung zu Ihrer Bestellung AP-${orderId}`);
    expect(refunded.Text.replace(/\s/g, ' ')).toContain('Ihrem Online-Guthaben gutgeschrieben: CHF 22.50');
  });

  it('sends each event once: a repeated and a concurrent call send nothing more, and another event is another mail', async () => {
    const { orderId } = await placeOrder('twice@example.com', 'en');
    const request: OrderMailRequest = { orderId, kind: 'confirmation' };
    expect(await mails.sendOrderMail(request)).toBe('sent');
    expect(await mails.sendOrderMail(request)).toBe('already-sent');
    const refund: OrderMailRequest = {
      orderId,
      kind: 'refund',
      eventKey: 'refund-7',
      details: { refundedAmount: 500 },
    };
    const concurrent = await Promise.all([
      mails.sendOrderMail(refund),
      mails.sendOrderMail(refund),
      mails.sendOrderMail(refund),
    ]);
    expect(concurrent.sort()).toEqual(['already-sent', 'already-sent', 'sent']);

    await waitForMail(messageIdOf(refund));
    expect(await mailsWithMessageId(messageIdOf(request))).toHaveLength(1);
    expect(await mailsWithMessageId(messageIdOf(refund))).toHaveLength(1);
    expect(await findSentMail(db.knex, messageIdOf(request))).toMatchObject({
      recipient: 'twice@example.com',
      kind: 'confirmation',
    });
  });

  it('a failed send records nothing, so the retry sends', async () => {
    const { orderId } = await placeOrder('retry@example.com', 'fr');
    const unreachable = createSmtpMailer(loadMailSettings({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    const failing = createOrderMailService({
      orders,
      knex: db.knex,
      mailer: unreachable,
      recipients: async () => ({ email: 'retry@example.com', language: 'fr' }),
      ticketAttachments: async () => [],
      describeItems: async () => new Map(),
      orderPageUrl: () => 'https://shop.example/fr/orders/1',
      messageIdDomain: domain,
      look: async () => look,
      log: silentLogger,
    });
    const request: OrderMailRequest = { orderId, kind: 'reservation' };
    await expect(failing.sendOrderMail(request)).rejects.toThrow();
    expect(await findSentMail(db.knex, messageIdOf(request))).toBeNull();
    expect(await mails.sendOrderMail(request)).toBe('sent');
    expect((await waitForMail(messageIdOf(request))).Subject).toBe(`Votre réservation AP-${orderId}`);
  });

  it('honours sendConfirmationMail/sendReservationMail/sendRefundMail false, and sends nothing without a recipient or an order', async () => {
    const { orderId } = await placeOrder('quiet@example.com', 'de');
    expect(
      await mails.sendOrderMail({ orderId, kind: 'confirmation', options: { sendConfirmationMail: false } }),
    ).toBe('not-requested');
    expect(
      await mails.sendOrderMail({ orderId, kind: 'reservation', options: { sendReservationMail: false } }),
    ).toBe('not-requested');
    expect(
      await mails.sendOrderMail({
        orderId,
        kind: 'refund',
        eventKey: 'r',
        options: { sendRefundMail: false },
      }),
    ).toBe('not-requested');
    expect(
      await mails.sendOrderMail({
        orderId,
        kind: 'cancellation',
        eventKey: 'c',
        options: { sendRefundMail: false },
      }),
    ).toBe('not-requested');
    expect(await mailsWithMessageId(messageIdOf({ orderId, kind: 'confirmation' }))).toHaveLength(0);

    recipients.delete(orderId);
    expect(await mails.sendOrderMail({ orderId, kind: 'confirmation' })).toBe('no-recipient');
    expect(await mails.sendOrderMail({ orderId: 1, kind: 'confirmation' })).toBe('unknown-order');
    // an explicit recipient (an admin order's address) is used as given
    expect(
      await mails.sendOrderMail({
        orderId,
        kind: 'confirmation',
        recipient: { email: 'desk@example.com', language: 'en' },
      }),
    ).toBe('sent');
    expect((await waitForMail(messageIdOf({ orderId, kind: 'confirmation' }))).To[0]!.Address).toBe(
      'desk@example.com',
    );
  });
});

describe('an admin order placed with mail options', () => {
  it('keeps the choice staff made for the after-sale mails, which name no options', async () => {
    const { orderId } = await placeOrder('admin-quiet@example.com', 'en', {
      type: 'ADMIN',
      mails: { sendReservationMail: true, sendConfirmationMail: true, sendRefundMail: false },
    });
    expect(
      await mails.sendOrderMail({
        orderId,
        kind: 'refund',
        eventKey: 'refund-1',
        details: { refundedAmount: 4500 },
      }),
    ).toBe('not-requested');
    expect(await mails.sendOrderMail({ orderId, kind: 'cancellation', eventKey: 'cancellation-1' })).toBe(
      'not-requested',
    );
    expect(await mails.sendOrderMail({ orderId, kind: 'reservation' })).toBe('sent');
    // the workflow's own options are what it was started with
    expect(
      await mails.sendOrderMail({ orderId, kind: 'confirmation', options: { sendConfirmationMail: false } }),
    ).toBe('not-requested');
  });
});

describe('who gets the mail', () => {
  it('the account contact first, else the checkout conditions e-mail; other languages fall back to de; nothing plausible, nobody', async () => {
    const checkoutId = randomUUID();
    await store.append(
      checkoutStreamName(checkoutId),
      [
        {
          type: 'CheckoutStarted',
          data: { checkoutId, basketId: randomUUID(), accountId: null, orderId: 5 },
        },
        {
          type: 'CheckoutConditionsSubmitted',
          data: {
            checkoutId,
            formValues: { acceptTerms: true, email: ' guest@example.com ', language: 'fr' },
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const contacts = new Map([
      ['acc-1', { email: 'owner@example.com', language: 'it' }],
      ['acc-2', { email: 'not an address', language: 'en' }],
    ]);
    const recipientOf = firstRecipient(
      accountRecipients(async (accountId) => contacts.get(accountId) ?? null),
      checkoutConditionRecipients(orders),
    );

    expect(await recipientOf({ orderId: 5, accountId: null, checkoutId })).toEqual({
      email: 'guest@example.com',
      language: 'fr',
    });
    expect(await recipientOf({ orderId: 5, accountId: 'acc-1', checkoutId })).toEqual({
      email: 'owner@example.com',
      language: 'de',
    });
    expect(await recipientOf({ orderId: 5, accountId: 'acc-2', checkoutId })).toEqual({
      email: 'guest@example.com',
      language: 'fr',
    });
    expect(await recipientOf({ orderId: 6, accountId: 'acc-2', checkoutId: randomUUID() })).toBeNull();
  });
});
