import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import type { RunningWorker } from '@alpenpass/workflows';
import { basketContext } from '../basket';
import { createBasketTestKit, kitNow, type BasketTestKit } from '../../test/support/basket-kit';
import { testOrderContext } from '../../test/support/order-context';
import { loadConfig } from '../platform/config';
import { createHttpApp } from '../platform/http/app';
import { idempotentRequests } from '../platform/idempotent-requests';
import { createLogger } from '../platform/logger';
import { loadMailSettings } from '../platform/mail/mail-settings';
import { createSmtpMailer } from '../platform/mail/mailer';
import { lazyTemporalClient } from '../platform/temporal-client';
import { mailsWithMessageId, waitForMail } from '../../test/support/mailpit';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { pricingContext } from '../pricing';
import { startTestWorker } from '../../test/support/worker';
import { orderMailContext, orderMailMessageId } from '.';
import type { OrderMailRecipient } from './recipients';
import { ticketAttachmentsOf, ticketContext } from '../ticket';

/** The checkout workflow sends the reservation and the confirmation through the worker's sendOrderMail
 * activity (patched 'order-mails'): the real worker role on the Temporal dev server, SMTP into Mailpit. */
const config = loadConfig({
  ...process.env,
  FEATURE_FLAGS: 'guestCheckout',
  TEMPORAL_TASK_QUEUE: `order-mail-test-${randomUUID()}`,
  CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '600',
  BASKET_HOLD_TTL_SECONDS: '600',
  HOLD_MAX_SLOT_SHARE_PERCENT: '100',
  LOG_LEVEL: 'silent',
});
const log = createLogger('silent');
const temporal = lazyTemporalClient(config.temporal);
const domain = `wf-${randomUUID().slice(0, 8)}.alpenpass.test`;
const settings = loadMailSettings({ MAIL_FROM: `tickets@${domain}` });
const mailer = createSmtpMailer(settings);
const recipients = new Map<string, OrderMailRecipient>();
let kit: BasketTestKit;
let worker: RunningWorker;
let app: ReturnType<typeof createHttpApp>;
let staff: string;

beforeAll(async () => {
  kit = await createBasketTestKit();
  await kit.db.knex.raw(`alter sequence order_id_seq restart with ${randomInt(1_000_000, 2_000_000_000)}`);
  await kit.scheduleSlot(51, 4);
  const deps = { config, store: kit.store, knex: kit.db.knex, log, temporal: temporal.client };
  const basket = basketContext(deps, { now: () => kitNow });
  const checkout = testOrderContext(deps, { basket: basket.service });
  const tickets = ticketContext(deps);
  const orderMail = orderMailContext(deps, {
    settings,
    mailer,
    recipients: async (order) => recipients.get(order.checkoutId) ?? null,
    ticketAttachments: ticketAttachmentsOf(tickets.service),
  });
  worker = await startTestWorker({
    config,
    log,
    lenders: [pricingContext(deps), basket, checkout, tickets, orderMail],
  });
  app = createHttpApp({
    log,
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: kit.identity.verifyToken,
    publicKeys: [],
    routers: [...(basket.routers ?? []), ...(checkout.routers ?? [])],
    readiness: [],
    idempotentRequests: idempotentRequests(kit.db.knex),
  });
  staff = await kit.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 180_000);
afterAll(async () => {
  await worker?.shutdown();
  await temporal.close();
  mailer.close();
  await kit?.close();
});

it('on site: the reservation mail when RESERVED, the confirmation once staff confirm, each once', async () => {
  const basket = await request(app)
    .post('/api/baskets')
    .set(shopHeaders)
    .send({ entries: [{ productDefinitionId: 1031, slotId: 51, allocation: { quantity: 2 } }] });
  const checkout = await request(app)
    .post('/api/checkout')
    .set(shopHeaders)
    .send({ basketId: basket.body.id });
  expect(checkout.status).toBe(201);
  const orderId = checkout.body.orderId as number;
  recipients.set(checkout.body.id, { email: 'skier@example.com', language: 'fr' });
  await request(app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(shopHeaders)
    .send({ formValues: { acceptTerms: true } });
  expect(
    (
      await request(app)
        .post(`/api/checkout/${checkout.body.id}/payment`)
        .set(shopHeaders)
        .send({ intent: 'onSite' })
    ).body.checkout.order.status,
  ).toBe('RESERVED');

  const reservation = await waitForMail(orderMailMessageId({ orderId, kind: 'reservation' }, domain), 30_000);
  expect(reservation.Subject).toMatch(/^Votre réservation AP-/);
  expect(reservation.To[0]!.Address).toBe('skier@example.com');

  expect(
    (
      await request(app)
        .post(`/api/admin/orders/${orderId}/confirm`)
        .set({ ...shopHeaders, authorization: staff })
    ).body.status,
  ).toBe('PAID');
  expect(await (await temporal.client()).workflow.getHandle(`order-${orderId}`).result()).toBe('fulfilled');
  const confirmation = await waitForMail(orderMailMessageId({ orderId, kind: 'confirmation' }, domain));
  expect(confirmation.Subject).toMatch(/^Votre commande AP-\d{7,}-\d est confirmée$/);
  expect(confirmation.Text).toContain('Total');
  // the two tickets, in one PDF the customer can show at the gate
  expect(confirmation.Attachments).toEqual([
    expect.objectContaining({ FileName: `tickets-${orderId}.pdf`, ContentType: 'application/pdf' }),
  ]);
  expect(await mailsWithMessageId(orderMailMessageId({ orderId, kind: 'reservation' }, domain))).toHaveLength(
    1,
  );
}, 90_000);
