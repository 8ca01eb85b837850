import {
  condition,
  defineQuery,
  defineSignal,
  getExternalWorkflowHandle,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import { basketHoldWorkflowId, checkedOutSignal } from '../basket-hold/workflow';
import type { OrderMailActivities, OrderMailKind, OrderMailOptions } from '../order-mails/activities';
import type { CheckoutActivities, CheckoutOrderStatus } from './activities';

/** Default time an order may wait for its payment (CHECKOUT_PAYMENT_TIMEOUT_SECONDS). */
export const defaultPaymentTimeoutMs = 20 * 60 * 1000;
/** A reserved order waits for staff; should a signal get lost, it looks at the order this often. */
const defaultRecheckMs = 60 * 60 * 1000;
/** A pending card payment asks the provider this often (CHECKOUT_PAYMENT_POLL_SECONDS). */
export const defaultPaymentPollMs = 30 * 1000;
const cardPaymentPollPatch = 'card-payment-poll';
const orderMailsPatch = 'order-mails';
const timeoutCancelsOpenPaymentPatch = 'timeout-cancels-open-payment';

export interface CheckoutWorkflowInput {
  orderId: number;
  basketId: string;
  paymentTimeoutMs?: number;
  recheckMs?: number;
  paymentPollMs?: number;
  /** which of the order's mails go out (all by default; an admin order may keep some back) */
  mails?: OrderMailOptions;
}

export type CheckoutWorkflowState = 'awaitingPayment' | 'reserved' | 'paid' | 'fulfilled' | 'cancelled';

/** The order was reserved for payment on site: the timeout no longer applies. */
export const orderReservedSignal = defineSignal('orderReserved');
/** The order was paid (staff confirmed, or the provider did): book the places and fulfil it. */
export const orderPaidSignal = defineSignal('orderPaid');
export const checkoutStateQuery = defineQuery<CheckoutWorkflowState>('checkoutState');

export const checkoutWorkflowId = (orderId: number) => `order-${orderId}`;

const activities = proxyActivities<CheckoutActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/** A mail never holds the order up for long: an SMTP relay that stays down for about half an hour
 * costs the mail (logged by the activity's failure), never the booking or the tickets. */
const mailActivities = proxyActivities<OrderMailActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '5 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 10,
  },
});

async function sendOrderMail(
  input: CheckoutWorkflowInput,
  kind: OrderMailKind,
  eventKey: string,
): Promise<void> {
  if (!patched(orderMailsPatch)) return;
  try {
    await mailActivities.sendOrderMail({ orderId: input.orderId, kind, eventKey, options: input.mails });
  } catch {
    // the activity's failure is in the history and the worker's log; the order goes on without its mail
  }
}

/** One per order (docs/checkout.md): takes over the basket's holds, waits for the payment until the
 * timeout, then cancels (holds released) — or, once paid, books the places and fulfils the order. */
export async function checkoutWorkflow(input: CheckoutWorkflowInput): Promise<CheckoutWorkflowState> {
  let state: CheckoutWorkflowState = 'awaitingPayment';
  setHandler(orderReservedSignal, () => {
    if (state === 'awaitingPayment') state = 'reserved';
  });
  setHandler(orderPaidSignal, () => {
    if (state === 'awaitingPayment' || state === 'reserved') state = 'paid';
  });
  setHandler(checkoutStateQuery, () => state);

  try {
    // the holds now belong to the order: the basket's own timer must not release them
    await getExternalWorkflowHandle(basketHoldWorkflowId(input.basketId)).signal(checkedOutSignal);
  } catch {
    // no hold runs (a basket without slot entries, or one whose hold ended): nothing to take over
  }

  const apply = (status: CheckoutOrderStatus) => {
    if (status === 'PAID') state = 'paid';
    else if (status === 'RESERVED' && state === 'awaitingPayment') state = 'reserved';
    else if (status === 'CANCELLED' || status === 'UNKNOWN') state = 'cancelled';
  };

  // signal handlers change the state while the workflow waits: read it through a function
  const current = (): CheckoutWorkflowState => state;
  const deadline = Date.now() + (input.paymentTimeoutMs ?? defaultPaymentTimeoutMs);
  if (patched(cardPaymentPollPatch)) {
    // until the timeout, every poll interval and once at the timeout: a card payment whose notification
    // and redirect were both lost is settled here (a no-op for an order without a pending card payment)
    const pollMs = input.paymentPollMs ?? defaultPaymentPollMs;
    while (current() === 'awaitingPayment' && Date.now() < deadline) {
      if (!(await condition(() => state !== 'awaitingPayment', Math.min(pollMs, deadline - Date.now())))) {
        apply(await activities.reconcileCardPayment(input.orderId));
      }
    }
  } else {
    // a workflow started before the poll existed replays its single wait
    await condition(() => state !== 'awaitingPayment', deadline - Date.now());
  }
  if (current() === 'awaitingPayment') {
    apply(await activities.cancelUnpaidOrder({ orderId: input.orderId, basketId: input.basketId }));
    // workflows that timed out before this existed replay without the call
    if (current() === 'cancelled' && patched(timeoutCancelsOpenPaymentPatch))
      await activities.cancelOpenCardPayment(input.orderId);
  }
  if (current() === 'reserved') await sendOrderMail(input, 'reservation', 'reserved');
  while (current() === 'reserved') {
    if (!(await condition(() => state !== 'reserved', input.recheckMs ?? defaultRecheckMs)))
      apply(await activities.readOrderStatus(input.orderId));
  }
  if (current() !== 'paid') return current();
  await activities.bookOrderPlaces(input.orderId);
  await activities.fulfilOrder(input.orderId);
  state = 'fulfilled';
  // after fulfilment, so that the confirmation carries the tickets it issued
  await sendOrderMail(input, 'confirmation', 'paid');
  return state;
}
