import {
  accountErrorCodes,
  checkoutErrorCodes,
  consumptionErrorCodes,
  paymentDetailErrorCodes,
  paymentProviderCodes,
  type CardPaymentInitiationResponse,
  type PaymentProviderCode,
  type PaymentRedirectUrls,
} from '@alpenpass/contracts';
import type { PaymentDetailService } from '../../payment-detail';
import { conflict, DomainError, forbidden } from '../../platform/domain-error';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { CheckoutWorkflows } from '../checkout-workflows';
import { amountDueOf, cardAmountOf, payPerUseItemsOf, type PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import type { Caller } from '../../basket';
import type { CardPaymentReconciler } from './card-payment-reconciler';
import { cardPaymentStart } from './card-payment-start';
import type { NewCardPayment, PaymentProvider } from './card-payment-port';
import { assertAllowedRedirects } from './redirect-origins';

/** How the rest of an order is paid: the checkout's §5 payment body and POST /payments' primary provider
 * both become one of these (docs/payments.md). `storedValues`: vouchers and online credit pay it all. */
export type PaymentChoice =
  | { intent: 'onSite' }
  | { intent: 'storedValues' }
  | { intent: 'new'; card: NewCardPayment }
  | { intent: 'existing'; paymentDetailId: number; redirectUrls?: PaymentRedirectUrls };

export interface PaymentStarted {
  order: PlacedOrder;
  /** the provider's page, when the customer has to go there */
  redirectUrl: string | null;
  payment?: CardPaymentInitiationResponse;
}

export interface OrderPaymentDeps {
  orders: OrderService;
  workflows: CheckoutWorkflows;
  payments: PaymentProvider;
  /** settles or fails a pending card payment after the provider's word (card-payment-reconciler.ts) */
  reconcile: CardPaymentReconciler;
  allowedRedirectOrigins: readonly string[];
  /** the customer's saved cards (intent existing); without it, only new cards and on site */
  paymentDetails: Pick<PaymentDetailService, 'usableCard' | 'block' | 'isDefault'>;
  log: PlatformLogger;
}

/** §3 paymentMethods of an initiation: the §9 provider codes the methods allow (CARD: the card brands). */
function initiationMethods(methods: string[]): PaymentProviderCode[] {
  return paymentProviderCodes.filter(
    (code) => methods.includes(code) || (methods.includes('CARD') && (code === 'VIS' || code === 'ECA')),
  );
}

export type OrderPayment = ReturnType<typeof createOrderPayment>;

/** The one way an order's payment starts (docs/checkout.md, "Card payments"; docs/payments.md). */
export function createOrderPayment(deps: OrderPaymentDeps) {
  const { orders } = deps;
  const recordCardPaymentStart = cardPaymentStart(deps);
  const tellPaid = (orderId: number) =>
    deps.workflows
      .paid(orderId)
      .catch((error: unknown) =>
        deps.log.error({ err: error, orderId }, 'checkout workflow not told of the payment'),
      );

  /** intent existing: the saved card is charged at once (no page to visit), settled and the order paid;
   * a declined card is blocked for later charges and the order stays payable. The authorization is settled
   * only once the order took it for its amount due (card-payment-start.ts), else it is released. */
  async function payWithSavedCard(
    caller: Caller,
    order: PlacedOrder,
    paymentDetailId: number,
  ): Promise<PlacedOrder> {
    const savedCards = deps.paymentDetails;
    const card = await savedCards.usableCard(caller, paymentDetailId);
    const attempt = order.paymentAttempts + 1;
    const amount = cardAmountOf(order);
    let transactionId: string;
    try {
      ({ transactionId } = await deps.payments.chargeSavedCard({
        orderId: order.orderId,
        refno: order.refno,
        amount,
        attempt,
        card,
      }));
    } catch (error) {
      if (
        error instanceof DomainError &&
        error.code === paymentDetailErrorCodes.declined &&
        caller.principal?.accountId
      ) {
        await savedCards.block(caller.principal.accountId, paymentDetailId, 'DECLINED');
        // the attempt is used: the next charge is a new provider request, not the replay of this one
        await orders.systemCommand(order.orderId, {
          type: 'RecordChargeDeclined',
          data: { attempt, paymentDetailId },
        });
      }
      throw error;
    }
    const isDefaultCard = caller.principal?.accountId
      ? await savedCards.isDefault(caller.principal.accountId, paymentDetailId)
      : false;
    await recordCardPaymentStart(
      order.orderId,
      { transactionId, attempt, amount, isDefaultCard },
      (command) => orders.command(caller, order.orderId, command),
    );
    return deps.reconcile(order.orderId);
  }

  /** Nothing due, a saved card named (a pay-per-use registration): the card must be the caller's and usable. */
  async function confirmWithSavedCard(
    caller: Caller,
    order: PlacedOrder,
    paymentDetailId: number,
  ): Promise<PlacedOrder> {
    await deps.paymentDetails.usableCard(caller, paymentDetailId);
    const paid = await orders.command(caller, order.orderId, {
      type: 'ConfirmWithoutCharge',
      data: { paymentDetailId },
    });
    await tellPaid(order.orderId);
    return paid;
  }

  return {
    /**
     * The order as it can be paid now: a card payment under way is reconciled first; a new card attempt
     * gives the open one up at the provider (the customer left its page), on site only asks (it may have
     * failed meanwhile). Answers null when the order is reserved already and on site was asked again.
     */
    async prepare(caller: Caller, order: PlacedOrder, choice: PaymentChoice): Promise<PlacedOrder | null> {
      if (choice.intent === 'new' && choice.card.saveAlias && !caller.principal?.accountId) {
        throw forbidden(accountErrorCodes.accountRequired, 'Saving a card needs a customer account.');
      }
      const underWay = order.orderStatus === 'PENDING';
      const current = !underWay
        ? order
        : choice.intent === 'onSite'
          ? await deps.reconcile(order.orderId)
          : await deps.reconcile.abandonPending(order.orderId);
      if (current.orderStatus === 'RESERVED' && choice.intent === 'onSite') return null;
      if (current.orderStatus !== 'CREATED') {
        throw conflict(
          checkoutErrorCodes.checkoutClosed,
          `The checkout cannot change: its order ${current.refno} is ${current.orderStatus}.`,
        );
      }
      const redirectUrls =
        choice.intent === 'new'
          ? choice.card.redirectUrls
          : choice.intent === 'existing'
            ? choice.redirectUrls
            : undefined;
      if (redirectUrls) assertAllowedRedirects(redirectUrls, deps.allowedRedirectOrigins);
      return current;
    },

    /** Starts the payment of what is left (the order is prepared and open). */
    async start(caller: Caller, order: PlacedOrder, choice: PaymentChoice): Promise<PaymentStarted> {
      if (payPerUseItemsOf(order).length > 0) {
        // pay per use is billed later to a saved card: the order is paid with one, also when nothing is due now
        if (choice.intent !== 'existing')
          throw conflict(
            consumptionErrorCodes.savedCardRequired,
            'Pay per use is billed to a saved card: pay with one of your saved cards.',
          );
        if (amountDueOf(order) === 0)
          return {
            order: await confirmWithSavedCard(caller, order, choice.paymentDetailId),
            redirectUrl: null,
          };
      }
      if (
        choice.intent === 'storedValues' ||
        (amountDueOf(order) === 0 && (order.vouchers.length > 0 || order.onlineCredit > 0))
      ) {
        const paid = await orders.command(caller, order.orderId, { type: 'PayByVouchers', data: {} });
        await tellPaid(order.orderId);
        return { order: paid, redirectUrl: null };
      }
      if (choice.intent === 'onSite') {
        const reserved = await orders.command(caller, order.orderId, {
          type: 'ReserveOnSite',
          data: { amount: cardAmountOf(order) },
        });
        // should the signal get lost, the workflow finds the reservation when its timeout elapses
        await deps.workflows
          .reserved(order.orderId)
          .catch((error: unknown) =>
            deps.log.error(
              { err: error, orderId: order.orderId },
              'checkout workflow not told of the reservation',
            ),
          );
        return { order: reserved, redirectUrl: null };
      }
      if (choice.intent === 'existing')
        return { order: await payWithSavedCard(caller, order, choice.paymentDetailId), redirectUrl: null };
      const attempt = order.paymentAttempts + 1;
      const amount = cardAmountOf(order);
      const started = await deps.payments.startCardPayment({
        orderId: order.orderId,
        refno: order.refno,
        amount,
        attempt,
        payment: choice.card,
      });
      const pending = await recordCardPaymentStart(
        order.orderId,
        { transactionId: started.transactionId, attempt, amount, paymentPageUrl: started.redirectUrl },
        (command) => orders.command(caller, order.orderId, command),
      );
      const type = choice.card.methods.length === 1 ? choice.card.methods[0]! : 'CARD';
      const payment: CardPaymentInitiationResponse = {
        type,
        redirect: true,
        redirectUrl: started.redirectUrl,
        isDefault: false,
        paymentMethods: initiationMethods(choice.card.methods),
        ...(choice.card.theme ? { themeConfiguration: choice.card.theme } : {}),
        ...(choice.card.fraudSessionId ? { opts: { fraudSessionId: choice.card.fraudSessionId } } : {}),
      };
      return { order: pending, redirectUrl: started.redirectUrl, payment };
    },
  };
}
