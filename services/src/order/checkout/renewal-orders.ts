import type { Personalization } from '@alpenpass/contracts';
import type { BasketService } from '../../basket';
import { derivedBasketId } from '../order-ids';
import type { PlacedOrder } from '../order';
import type { OrderService } from '../order-service';
import type { OrderPlacement } from './order-placement';
import type { PaymentDetailService } from '../../payment-detail';
import { conflict } from '../../platform/domain-error';
import type { PlatformLogger } from '../../platform/event-store/event-store';
import type { CardPaymentReconciler } from '../payment/card-payment-reconciler';
import type { PaymentProvider } from '../payment/card-payment-port';
import { savedCardCharge } from '../payment/saved-card-charge';

/** What the subscription context asks for at expiry (docs/subscriptions.md, "Renewal"). */
export interface RenewalRequest {
  subscriptionId: string;
  accountId: string | null;
  /** the order item the subscription came from: its person, medium and keycard carry over */
  orderId: number;
  orderItemId: string;
  productDefinitionId: number;
  personId: number | null;
  keycardId: number | null;
  validity: { from: string; to: string };
}

export type RenewalOrders = ReturnType<typeof createRenewalOrders>;

/** How long a renewal order waits for its payment (a declined card, no card saved) before it is cancelled. */
export const RENEWAL_PAYMENT_GRACE_MS = 14 * 24 * 3600_000;

/**
 * Places the renewal's SUBSCRIPTION order through a basket of its own (id derived from the subscription:
 * a retried activity finds the same basket, checkout and order) and charges it merchant-initiated on the
 * customer's default saved card. A declined card is blocked and the order stays CREATED with paymentStatus
 * FAILED for the customer to pay and staff to see; without a usable default card it simply waits.
 */
export function createRenewalOrders(deps: {
  orders: OrderService;
  placement: Pick<OrderPlacement, 'fromBasket'>;
  basket: BasketService;
  payments: PaymentProvider;
  paymentDetails: Pick<PaymentDetailService, 'current' | 'usableCard' | 'block'>;
  reconcile: CardPaymentReconciler;
  log: PlatformLogger;
  paymentGraceMs?: number;
}) {
  const charge = savedCardCharge(deps);

  return {
    async place(request: RenewalRequest): Promise<PlacedOrder> {
      const { accountId } = request;
      if (!accountId)
        throw conflict('RENEWAL_NEEDS_ACCOUNT', 'A subscription without a customer account cannot renew.');
      const correlationId = `subscription-renewal-${request.subscriptionId}`;
      const shop = {
        principal: { subject: 'subscription-renewal', roles: ['admin' as const], accountId: null },
        correlationId,
      };
      const basketId = derivedBasketId(`renewal:${request.subscriptionId}`);
      const entry = {
        productDefinitionId: request.productDefinitionId,
        slotId: null,
        validity: request.validity,
        allocation: { quantity: 1 },
        attributes: {},
        children: [],
      };
      const basket =
        (await deps.basket.get(shop, basketId).catch(() => null)) ??
        (await deps.basket.create(shop, [entry], { accountId, basketId }));
      const previous = await deps.orders.loadOrder(request.orderId);
      const item =
        previous.status === 'placed'
          ? previous.items.find((candidate) => candidate.itemId === request.orderItemId)
          : undefined;
      const personalization: Personalization = {
        personId: request.personId,
        medium: item?.personalization?.medium ?? null,
        keycardId: request.keycardId,
      };
      const [renewed] = basket.entries;
      const current = renewed?.personalization ?? { personId: null, medium: null, keycardId: null };
      const same =
        current.personId === personalization.personId &&
        current.medium === personalization.medium &&
        current.keycardId === personalization.keycardId;
      // on every attempt, so a retry after a crash between creating and personalizing never places it unnamed
      if (renewed && !same) await deps.basket.personalize(shop, basketId, renewed.id, personalization);
      const { order } = await deps.placement.fromBasket(shop, basketId, {
        origin: 'RENEWAL',
        placedBy: 'system',
        paymentTimeoutMs: deps.paymentGraceMs ?? RENEWAL_PAYMENT_GRACE_MS,
      });
      // a retried activity neither charges a paid order nor a declined card again (savedCardCharge leaves them)
      return charge(order, accountId, 'subscription-renewal');
    },
  };
}
