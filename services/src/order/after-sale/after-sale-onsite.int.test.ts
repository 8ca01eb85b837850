import request from 'supertest';
import { createCheckoutTestKit, type CheckoutTestKit } from '../../../test/support/checkout-kit';
import { shopHeaders } from '../../../test/support/shop-headers';
import { afterSaleReactor } from './after-sale-reactor';
import type { AfterSaleWorkflows } from './after-sale-workflows';

/** An order paid on site, cancelled by its customer while Temporal cannot be reached (the kit has none):
 * the answer and the events do not wait for the workflows; the reactor starts them from the events. */
let kit: CheckoutTestKit;
let customer: string;
let staff: string;

beforeAll(async () => {
  kit = await createCheckoutTestKit();
  await kit.basket.scheduleSlot(41, 10);
  await kit.basket.scheduleSlot(42, 40);
  customer = await kit.basket.identity.bearer({ subject: 'c-1', roles: ['customer'], accountId: '1' });
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 60_000);
afterAll(() => kit?.close());

const as = (token: string) => ({ ...shopHeaders, authorization: token });

it('a cancel of an order paid on site is refunded at the desk; the request does not wait for Temporal; the reactor starts the workflows', async () => {
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(as(customer))
    .send({ entries: [{ productDefinitionId: 1031, slotId: 41, allocation: { quantity: 2 } }] });
  const checkout = await request(kit.app)
    .post('/api/checkout')
    .set(as(customer))
    .send({ basketId: basket.body.id });
  await request(kit.app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(as(customer))
    .send({ formValues: { acceptTerms: true } });
  expect(
    (
      await request(kit.app)
        .post(`/api/checkout/${checkout.body.id}/payment`)
        .set(as(customer))
        .send({ intent: 'onSite' })
    ).status,
  ).toBe(200);
  const orderId = checkout.body.orderId as number;
  const itemId = basket.body.entries[0].id as string;

  const unpaid = await request(kit.app)
    .post(`/api/admin/orders/${orderId}/refunds`)
    .set(as(staff))
    .send({ items: [{ orderItemId: itemId, amount: 100 }] });
  expect(unpaid.status).toBe(409);
  expect(unpaid.body.code).toBe('ORDER_NOT_PAID');
  expect(
    (await request(kit.app).post(`/api/admin/orders/${orderId}/confirm`).set(as(staff))).body.status,
  ).toBe('PAID');

  const cancelled = await request(kit.app)
    .post(`/api/orders/${orderId}/cancel`)
    .set(as(customer))
    .send({ orderItemIds: [itemId], reason: 'ill' });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({
    status: 'REFUNDED',
    paymentStatus: 'REFUNDED',
    paymentMethod: 'ON_SITE',
  });
  expect(cancelled.body.refunds).toEqual([
    expect.objectContaining({
      id: 1,
      destination: 'ON_SITE',
      status: 'PENDING',
      amount: cancelled.body.total.amount,
    }),
  ]);

  const events = await kit.basket.store.readStream(`order-${orderId}`);
  const afterSale = events.filter(
    (event) => event.type === 'OrderItemsCancelled' || event.type === 'OrderRefundRequested',
  );
  expect(afterSale.map((event) => event.type)).toEqual(['OrderItemsCancelled', 'OrderRefundRequested']);

  const started: string[] = [];
  const workflows: AfterSaleWorkflows = {
    startCancellation: async (id, cancellationId) =>
      void started.push(`cancellation-${id}-${cancellationId}`),
    startRefund: async (id, refundId) => void started.push(`refund-${id}-${refundId}`),
    startLatePayment: async () => undefined,
    retryRefund: async () => undefined,
  };
  const reactor = afterSaleReactor(workflows);
  expect(reactor.category).toBe('order');
  for (const event of events) await reactor.react(event);
  expect(started).toEqual([`cancellation-${orderId}-1`, `refund-${orderId}-1`]);

  await kit.project();
  const listed = await request(kit.app).get('/api/orders/management/orders').set(as(staff));
  expect(listed.body.items.find((summary: { id: number }) => summary.id === orderId)).toMatchObject({
    status: 'REFUNDED',
    paymentStatus: 'REFUNDED',
  });
});

it('a reservation is cancelled as a whole by its customer and can no longer be confirmed', async () => {
  const basket = await request(kit.app)
    .post('/api/baskets')
    .set(as(customer))
    .send({
      entries: [1, 2].map(() => ({ productDefinitionId: 1031, slotId: 42, allocation: { quantity: 1 } })),
    });
  expect(basket.status).toBe(201);
  const checkout = await request(kit.app)
    .post('/api/checkout')
    .set(as(customer))
    .send({ basketId: basket.body.id });
  await request(kit.app)
    .post(`/api/checkout/${checkout.body.id}/checkout-conditions`)
    .set(as(customer))
    .send({ formValues: { acceptTerms: true } });
  await request(kit.app)
    .post(`/api/checkout/${checkout.body.id}/payment`)
    .set(as(customer))
    .send({ intent: 'onSite' });
  const orderId = checkout.body.orderId as number;
  const itemIds = (basket.body.entries as { id: string }[]).map((entry) => entry.id);

  const part = await request(kit.app)
    .post(`/api/orders/${orderId}/cancel`)
    .set(as(customer))
    .send({ orderItemIds: [itemIds[0]] });
  expect(part.status).toBe(409);
  expect(part.body.code).toBe('RESERVATION_CANCELLED_AS_A_WHOLE');
  const whole = await request(kit.app)
    .post(`/api/orders/${orderId}/cancel`)
    .set(as(customer))
    .send({ orderItemIds: itemIds });
  expect(whole.status).toBe(200);
  expect(whole.body).toMatchObject({
    status: 'CANCELLED',
    paymentStatus: 'CANCELLED',
    refunds: [],
    cancellationReason: 'ITEMS_CANCELLED',
  });
  const confirm = await request(kit.app).post(`/api/admin/orders/${orderId}/confirm`).set(as(staff));
  expect(confirm.status).toBe(409);
  expect(confirm.body.code).toBe('ORDER_CANCELLED');
});
