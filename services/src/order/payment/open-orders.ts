import {
  newPaymentCodes,
  orderErrorCodes,
  type ResumeOrderPaymentBody,
  type ResumedOrderPaymentDto,
} from '@alpenpass/contracts';
import type { Caller } from '../../basket';
import { conflict } from '../../platform/domain-error';
import type { PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import type { CardPaymentReconciler } from './card-payment-reconciler';
import type { PaymentChoice, PaymentStarted } from './order-payment';
import type { PaymentProvider } from './card-payment-port';

/** An order the customer can still pay or leave: no payment taken, none reserved at the desk. */
export function refuseUnlessUnpaid(order: PlacedOrder): void {
  switch (order.orderStatus) {
    case 'CREATED':
    case 'PENDING':
      return;
    case 'CANCELLED':
      throw conflict(orderErrorCodes.orderCancelled, `Order ${order.refno} is cancelled.`);
    case 'RESERVED':
      throw conflict(
        orderErrorCodes.orderNotOpen,
        `Order ${order.refno} is reserved: it is paid at the desk or cancelled as a whole.`,
      );
    default:
      throw conflict(orderErrorCodes.orderPaid, `Order ${order.refno} is paid.`);
  }
}

export interface AbandonDeps {
  orders: Pick<OrderService, 'command' | 'cancelUnpaidOrder' | 'ofCheckout'>;
  reconcile: CardPaymentReconciler;
}

/**
 * The customer leaves an unpaid order: a card payment under way is given up at the provider first (so the
 * page can no longer take money; should the customer have paid meanwhile, the order is paid and stays so),
 * then the order is cancelled (ABANDONED) and its places released at once. Leaving a cancelled order again
 * changes nothing. The order's expected revision makes two requests at once record one cancellation, and
 * a payment started in between makes the cancellation refused rather than leave a live page behind.
 */
export async function abandonUnpaidOrder(
  deps: AbandonDeps,
  caller: Caller,
  order: PlacedOrder,
): Promise<PlacedOrder> {
  if (order.orderStatus === 'CANCELLED') return order;
  refuseUnlessUnpaid(order);
  const current =
    order.orderStatus === 'PENDING' ? await deps.reconcile.abandonPending(order.orderId) : order;
  if (current.orderStatus === 'CANCELLED') return current;
  refuseUnlessUnpaid(current);
  await deps.orders.command(caller, order.orderId, {
    type: 'CancelUnpaidOrder',
    data: { reason: 'ABANDONED' },
  });
  await deps.orders.cancelUnpaidOrder({ orderId: order.orderId, basketId: order.basketId });
  return deps.orders.ofCheckout(order.orderId);
}

export interface OpenOrderDeps extends AbandonDeps {
  orders: AbandonDeps['orders'] & Pick<OrderService, 'readable' | 'view'>;
  payments: Pick<PaymentProvider, 'isPageOpen'>;
  /** the checkout's payment path: its rules (conditions answered, allowed redirects) and its start */
  checkouts: {
    prepareOrderPayment(
      caller: Caller,
      order: PlacedOrder,
      choice: PaymentChoice,
    ): Promise<PlacedOrder | null>;
    startOrderPayment(caller: Caller, order: PlacedOrder, choice: PaymentChoice): Promise<PaymentStarted>;
  };
}

export type OpenOrders = ReturnType<typeof createOpenOrders>;

/** Every open order has a way forward and a way back (docs/checkout.md): "Pay now" and "Cancel order". */
export function createOpenOrders(deps: OpenOrderDeps) {
  const { orders } = deps;

  /** the live transaction's page, when the customer can still pay on it */
  async function livePage(order: PlacedOrder): Promise<string | null> {
    if (order.orderStatus !== 'PENDING' || !order.transactionId || !order.paymentPageUrl) return null;
    return (await deps.payments.isPageOpen(order.transactionId)) ? order.paymentPageUrl : null;
  }

  return {
    /**
     * Pay now: for the order's amount due, as it stands. A card payment whose page is still open sends the
     * customer back there (same transaction); a dead one (failed, cancelled, expired) is given up and a new
     * transaction offers every payment method of the provider's page.
     */
    async resume(caller: Caller & { token?: string }, orderId: number, body: ResumeOrderPaymentBody) {
      let order = await orders.readable(caller, orderId);
      refuseUnlessUnpaid(order);
      if (order.orderStatus === 'PENDING') {
        order = await deps.reconcile(orderId);
        const page = await livePage(order);
        if (page) return answer(order, page, 'LIVE');
        refuseUnlessUnpaid(order);
      }
      const choice: PaymentChoice = {
        intent: 'new',
        card: { methods: [...newPaymentCodes], saveAlias: false, redirectUrls: body.redirectUrls },
      };
      const prepared = (await deps.checkouts.prepareOrderPayment(caller, order, choice)) ?? order;
      const started = await deps.checkouts.startOrderPayment(caller, prepared, choice);
      return answer(started.order, started.redirectUrl, started.redirectUrl ? 'NEW' : 'NONE');
    },

    /** Cancel order: see abandonUnpaidOrder. */
    async abandon(caller: Caller & { token?: string }, orderId: number) {
      return orders.view(await abandonUnpaidOrder(deps, caller, await orders.readable(caller, orderId)));
    },
  };

  function answer(
    order: PlacedOrder,
    redirectUrl: string | null,
    transaction: ResumedOrderPaymentDto['transaction'],
  ): ResumedOrderPaymentDto {
    return { order: orders.view(order), redirectUrl, transaction };
  }
}
