import request from 'supertest';
import { WorkflowNotFoundError } from '@temporalio/client';
import { patientMs, waitForValue } from '@alpenpass/infra/test/support';
import { checkoutWorkflowId, getCheckoutState, latePaymentWorkflowId } from '@alpenpass/workflows';
import {
  as,
  createAfterSaleTestKit,
  payByCard,
  placeOrder,
  slotClaims,
  type AfterSaleTestKit,
} from '../../../test/support/after-sale-kit';
import { answerChallenge } from '../../../test/support/psp-payment-page';

/** The payment timeout's rules (docs/after-sale.md, "Late payments"): a 4 s payment timeout, the PSP
 * simulator as a real process, the real worker on the Temporal dev server. A customer still in the
 * 3-D Secure check when the timeout strikes is the late payment: the provider refuses to cancel a
 * transaction in that state, and authorizes it when the customer passes the check. */
jest.setTimeout(patientMs(90_000));
let kit: AfterSaleTestKit;
let staff: string;

beforeAll(async () => {
  kit = await createAfterSaleTestKit({
    CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '4',
    CHECKOUT_PAYMENT_POLL_SECONDS: '2',
  });
  await kit.basket.scheduleSlot(71, 2);
  await kit.basket.scheduleSlot(72, 1);
  await kit.basket.scheduleSlot(73, 2);
  staff = await kit.basket.identity.bearer({ subject: 'staff-1', roles: ['admin'] });
}, 180_000);
afterAll(async () => {
  await kit?.close();
});

const order = async (orderId: number) =>
  (await request(kit.app).get(`/api/orders/management/orders/${orderId}`).set(as(staff))).body;
const checkoutState = async (orderId: number) => getCheckoutState(await kit.temporal.client(), orderId);
/** the checkout workflow ran to its end: after the timeout it has also tried to cancel the open transaction */
const checkoutEnded = async (orderId: number) =>
  (await kit.temporal.client()).workflow.getHandle(checkoutWorkflowId(orderId)).result();
/** the late-payment workflow's result; null while the provider's notification has not started it */
const latePaymentResult = async (orderId: number) => {
  try {
    return await (await kit.temporal.client()).workflow.getHandle(latePaymentWorkflowId(orderId)).result();
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
};
const latePaymentEnded = (orderId: number) =>
  waitForValue(
    `the late-payment workflow of order ${orderId} ended`,
    () => latePaymentResult(orderId),
    (result) => result !== null,
    60_000,
  );
const settlements = async (transactionId: string) =>
  (await kit.provider.getStatus(transactionId)).history.filter(
    (entry) => entry.action === 'settle' && entry.success,
  ).length;

describe('payment timeout and late payments', () => {
  it('the timeout cancels the order and the transaction still open at the provider', async () => {
    const { orderId, checkoutId } = await placeOrder(kit, null, [{ slotId: 73, quantity: 1 }]);
    const { transactionId } = await payByCard(kit, null, checkoutId, 'none');
    expect(
      await waitForValue(
        'the unpaid order cancelled at the payment timeout',
        () => checkoutState(orderId),
        (state) => state === 'cancelled',
        30_000,
      ),
    ).toBe('cancelled');
    expect(await order(orderId)).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'CANCELLED',
      cancellationReason: 'PAYMENT_TIMEOUT',
    });
    expect(
      (
        await waitForValue(
          'the open transaction canceled at the provider',
          () => kit.provider.getStatus(transactionId),
          (status) => status.status === 'canceled',
          30_000,
        )
      ).status,
    ).toBe('canceled');
    expect(await slotClaims(kit, 73)).toEqual({ holds: {}, bookings: {} });
  });

  it('a payment after the timeout with the places still free: held again, settled once, PAID and booked', async () => {
    const { orderId, checkoutId, basketId, entryIds } = await placeOrder(kit, null, [
      { slotId: 71, quantity: 2 },
    ]);
    const { redirectUrl, transactionId } = await payByCard(kit, null, checkoutId, 'challenge');
    expect(await checkoutEnded(orderId)).toBe('cancelled');
    expect(await order(orderId)).toMatchObject({ status: 'CANCELLED' });
    expect(await slotClaims(kit, 71)).toEqual({ holds: {}, bookings: {} });
    expect((await kit.provider.getStatus(transactionId)).status).toBe('challenge_ongoing');

    expect((await answerChallenge(redirectUrl, 'pass')).status).toBe(303);
    expect(await latePaymentEnded(orderId)).toBe('fulfilled');
    expect(await order(orderId)).toMatchObject({
      status: 'PAID',
      paymentStatus: 'PAID',
      cancellationReason: null,
    });
    expect(await slotClaims(kit, 71)).toEqual({ holds: {}, bookings: { [`${basketId}/${entryIds[0]}`]: 2 } });
    expect((await kit.provider.getStatus(transactionId)).status).toBe('settled');
    expect(await settlements(transactionId)).toBe(1);
  });

  it('a payment after the timeout with the places gone: released at the provider, the order says why', async () => {
    const { orderId, checkoutId } = await placeOrder(kit, null, [{ slotId: 72, quantity: 1 }]);
    const { redirectUrl, transactionId } = await payByCard(kit, null, checkoutId, 'challenge');
    expect(await checkoutEnded(orderId)).toBe('cancelled');
    // meanwhile another customer takes the slot's only place
    const other = await request(kit.app)
      .post('/api/baskets')
      .set(as(null))
      .send({ entries: [{ productDefinitionId: 1031, slotId: 72, allocation: { quantity: 1 } }] });
    expect(other.status).toBe(201);

    expect((await answerChallenge(redirectUrl, 'pass')).status).toBe(303);
    expect(await latePaymentEnded(orderId)).toBe('released');
    expect(await order(orderId)).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'REFUNDED',
      cancellationReason: 'LATE_PAYMENT_NO_CAPACITY',
    });
    expect((await kit.provider.getStatus(transactionId)).status).toBe('canceled');
    expect(await settlements(transactionId)).toBe(0);
    expect(await slotClaims(kit, 72)).toEqual({
      holds: { [`${other.body.id}/${other.body.entries[0].id}`]: 1 },
      bookings: {},
    });
  });
});
