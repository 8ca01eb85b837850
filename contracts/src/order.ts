import { z } from 'zod';
import {
  moneyDto,
  personalizationBody,
  priceSource,
  type Money,
  type Personalization,
  type PriceSource,
} from './basket';
import { recordedValidity } from './domain/item-selection';
import { paymentRedirectUrls } from './domain/checkout-payment';
import {
  orderPaymentStatus,
  orderStatus,
  orderType,
  type OrderPaymentStatus,
  type OrderStatus,
  type OrderType,
} from './domain/order';
import { pageParameter, limitParameter, pagingDefaults, pagingMaxima } from './queries/paging';
import { basketId, checkoutId, numericId, numericIdParam } from './validators/ids';
import { trimmedCommaSeparatedList } from './validators/comma-lists';
import { uuidString } from './validators/text-formats';
import { orderLineDto } from './order-line';
import { afterSaleOrderEventTypes, refundDto, type AfterSaleOrderEvent } from './after-sale';
import { discountLineDto, type DiscountLine } from './discount';
import { voucherKind, type VoucherKind } from './voucher';

/** §3 Order, §4 order status, §5 Orders, §7 Orders. See docs/checkout.md. */

export const orderErrorCodes = {
  orderNotFound: 'ORDER_NOT_FOUND',
  basketNotValid: 'BASKET_NOT_VALID',
  basketEmpty: 'BASKET_EMPTY',
  orderNotOpen: 'ORDER_NOT_OPEN',
  orderNotReserved: 'ORDER_NOT_RESERVED',
  orderPaid: 'ORDER_ALREADY_PAID',
  orderCancelled: 'ORDER_CANCELLED',
  orderServiceUnavailable: 'ORDER_SERVICE_UNAVAILABLE',
  itemNotFound: 'ORDER_ITEM_NOT_FOUND',
  itemCancelled: 'ORDER_ITEM_CANCELLED',
  itemRefunded: 'ORDER_ITEM_REFUNDED',
  itemForSeveralPersons: 'ORDER_ITEM_FOR_SEVERAL_PERSONS',
  mediumNotOffered: 'MEDIUM_NOT_OFFERED',
  amountDue: 'ORDER_AMOUNT_DUE',
  vouchersExceedTotal: 'VOUCHERS_EXCEED_TOTAL',
  voucherAlreadyApplied: 'VOUCHER_ALREADY_APPLIED',
  changedDuringPayment: 'ORDER_CHANGED_DURING_PAYMENT',
} as const;

/** One order item: a basket entry with its price frozen when the order was placed. */
export interface OrderItemRecord {
  /** the basket entry it came from */
  itemId: string;
  parentItemId: string | null;
  originItemId: string | null;
  productId: number;
  productDefinitionId: number;
  slotId: number | null;
  validity: { from: string; to: string } | null;
  quantity: number;
  attributes: Record<string, string | null>;
  personalization: Personalization | null;
  unitPrice: Money & { source: PriceSource };
  /** unitPrice × quantity */
  price: Money;
}

export interface OrderAddresses {
  shippingAddressId: number | null;
  billingAddressId: number | null;
}

/** §5 admin order create: which of the order's mails go out (each true unless staff say false). */
export interface OrderMailOptions {
  sendReservationMail?: boolean;
  sendConfirmationMail?: boolean;
  sendRefundMail?: boolean;
}

export const paymentMethods = ['ON_SITE', 'CARD', 'VOUCHER', 'ONLINE_CREDIT'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export type OrderEvent =
  | {
      type: 'OrderPlaced';
      data: {
        orderId: number;
        checkoutId: string;
        basketId: string;
        accountId: string | null;
        type: OrderType;
        refno: string;
        items: OrderItemRecord[];
        /** the basket's discount lines, frozen with the prices (absent in orders placed before discounts) */
        discounts?: DiscountLine[];
        /** items minus discounts, never below zero */
        total: Money;
        comment: string | null;
        addresses: OrderAddresses;
        /** which of the order's mails go out (§5 admin order create; absent: all of them) */
        mails?: OrderMailOptions;
        /** the staff member who placed an ADMIN order, or 'system' for a renewal */
        placedBy?: string;
      };
    }
  /** a saved card was declined before any provider transaction existed (intent existing, a renewal): the
   * order stays payable with paymentStatus FAILED; `attempt` counts as used, so a retry is a new charge */
  | {
      type: 'OrderChargeDeclined';
      data: { orderId: number; attempt: number; paymentDetailId: number | null };
    }
  /** a checkout from loose items changed its items while unpaid: the order holds them as they now stand */
  | {
      type: 'OrderItemsChanged';
      data: { orderId: number; items: OrderItemRecord[]; discounts: DiscountLine[]; total: Money };
    }
  | { type: 'OrderAddressesChanged'; data: { orderId: number } & Partial<OrderAddresses> }
  | { type: 'OrderCommentChanged'; data: { orderId: number; comment: string | null } }
  | { type: 'OrderItemPersonalized'; data: { orderId: number; itemId: string } & Personalization }
  /** payment on site chosen: the order is reserved, its places stay held until staff confirm */
  | { type: 'OrderReserved'; data: { orderId: number; method: 'ON_SITE' } }
  /** a card payment started at the provider: `transactionId` names its transaction, `attempt` counts from 1,
   * `amount` is what the transaction was opened for — the order's amount due then (absent in older events) */
  | {
      type: 'OrderPaymentStarted';
      data: {
        orderId: number;
        method: PaymentMethod;
        transactionId?: string;
        attempt?: number;
        amount?: Money;
        /** the card is the account's default saved card */ isDefaultCard?: boolean;
        /** the provider's payment page of the transaction, where a customer who left it goes back to */
        paymentPageUrl?: string;
      };
    }
  /** a provider transaction was opened for the order as it stood before it changed (items, discounts, vouchers):
   * it never became the order's payment and was cancelled at the provider; `attempt` counts as used */
  | {
      type: 'OrderPaymentAttemptVoided';
      data: { orderId: number; attempt: number; transactionId: string; amount: Money };
    }
  /** the provider declined, the customer cancelled or the provider failed: the order is payable again */
  | {
      type: 'OrderPaymentFailed';
      data: { orderId: number; transactionId: string; reason: PaymentFailureReason };
    }
  | { type: 'OrderPaid'; data: { orderId: number; method: PaymentMethod; confirmedBy: string } }
  | { type: 'OrderCancelled'; data: { orderId: number; reason: 'PAYMENT_TIMEOUT' | 'ABANDONED' } }
  /** the places of its slot items became bookings */
  | { type: 'OrderPlacesBooked'; data: { orderId: number; itemIds: string[] } }
  | AfterSaleOrderEvent
  /** a discount code was added or removed in the checkout: the lines and the total as they now stand */
  | { type: 'OrderDiscountsChanged'; data: { orderId: number; discounts: DiscountLine[]; total: Money } }
  /** a gift voucher pays `amount` of the order (redeemed on the voucher under the key order-<id>) */
  | {
      type: 'OrderVoucherApplied';
      /** `kind` absent: a gift voucher; `redemptionKey` absent: redeemed under order-<id> */
      data: { orderId: number; code: string; amount: number; kind?: VoucherKind; redemptionKey?: string };
    }
  | { type: 'OrderVoucherRemoved'; data: { orderId: number; code: string } }
  /** the basket asked to use online credit: `amount` was debited from the account (key order-<id>) */
  | { type: 'OrderOnlineCreditApplied'; data: { orderId: number; accountId: string; amount: number } }
  /** online credit applied to the order went back to the account: the payment it was for did not start */
  | { type: 'OrderOnlineCreditWithdrawn'; data: { orderId: number; accountId: string; amount: number } }
  /** cause-we-care: the channel's contribution (name and amount as offered then) added to the order */
  | { type: 'OrderContributionAdded'; data: { orderId: number; contribution: OrderContribution } }
  | { type: 'OrderContributionRemoved'; data: { orderId: number } }
  /** a guest identity's order became the signed-in account's (docs/account.md, "A guest's basket and orders") */
  | { type: 'OrderHandedOver'; data: { orderId: number; accountId: string; fromAccountId: string } };

export interface OrderContribution {
  name: { de: string; en: string; fr: string };
  amount: number;
}

export const orderEventTypes = [
  'OrderPlaced',
  'OrderAddressesChanged',
  'OrderCommentChanged',
  'OrderItemPersonalized',
  'OrderReserved',
  'OrderPaymentStarted',
  'OrderPaymentFailed',
  'OrderPaid',
  'OrderCancelled',
  'OrderPlacesBooked',
  ...afterSaleOrderEventTypes,
  'OrderDiscountsChanged',
  'OrderVoucherApplied',
  'OrderVoucherRemoved',
  'OrderOnlineCreditApplied',
  'OrderOnlineCreditWithdrawn',
  'OrderContributionAdded',
  'OrderContributionRemoved',
  'OrderItemsChanged',
  'OrderChargeDeclined',
  'OrderPaymentAttemptVoided',
  'OrderHandedOver',
] as const satisfies readonly OrderEvent['type'][];

export const orderStreamName = (orderId: number) => `order-${orderId}`;

/** Why a card payment did not go through (OrderPaymentFailed). */
export const paymentFailureReasons = ['DECLINED', 'CANCELED', 'ERROR'] as const;
export type PaymentFailureReason = (typeof paymentFailureReasons)[number];

export const orderItemDto = z.object({
  id: uuidString,
  parentItemId: uuidString.nullable(),
  originItemId: uuidString.nullable(),
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  slotId: z.number().int().nullable(),
  validity: recordedValidity.nullable(),
  quantity: z.number().int(),
  attributes: z.record(z.string(), z.string().nullable()),
  personalization: personalizationBody.nullable(),
  unitPrice: moneyDto.extend({ source: priceSource }),
  price: moneyDto,
  /** after the sale (docs/after-sale.md): the item was cancelled; what was refunded for it */
  cancelled: z.boolean(),
  refundedAmount: z.number().int(),
  /** how the line reads in the request's language (GET of one order; docs/checkout.md, "How an order line reads") */
  line: orderLineDto.optional(),
});

export const orderDto = z.object({
  id: z.number().int(),
  checkoutId: checkoutId,
  basketId: basketId,
  status: orderStatus,
  paymentStatus: orderPaymentStatus.nullable(),
  paymentMethod: z.enum(paymentMethods).nullable(),
  type: orderType,
  createdAt: z.string(),
  updatedAt: z.string(),
  refno: z.string(),
  items: z.array(orderItemDto),
  /** the items' prices before discounts */
  subtotal: moneyDto,
  discounts: z.array(discountLineDto),
  discountTotal: moneyDto,
  total: moneyDto,
  /** gift vouchers paying part of the total */
  vouchers: z.array(z.object({ code: z.string(), kind: voucherKind, amount: moneyDto })),
  /** online credit spent on the order (the basket's useOnlineCredit) */
  onlineCredit: moneyDto,
  /** cause-we-care: the contribution the customer added (docs/cause-we-care.md) */
  contribution: z
    .object({ name: z.object({ de: z.string(), en: z.string(), fr: z.string() }), amount: moneyDto })
    .nullable(),
  /** what is left to pay: the total and the contribution, less vouchers and online credit */
  amountDue: moneyDto,
  comment: z.string().nullable(),
  shippingAddressId: z.number().int().nullable(),
  billingAddressId: z.number().int().nullable(),
  /** refunds asked for this order and where each stands (docs/after-sale.md) */
  refunds: z.array(refundDto),
  /** why a cancelled order is cancelled (PAYMENT_TIMEOUT, ABANDONED, LATE_PAYMENT_NO_CAPACITY, ITEMS_CANCELLED) */
  cancellationReason: z.string().nullable(),
  /** an open order whose latest card payment did not go through: why (the page was cancelled, the bank
   * declined, an error); null otherwise */
  paymentFailureReason: z.enum(paymentFailureReasons).nullable(),
  /** only in the answer that placed a guest's order: the capability to read it again (?token=) */
  accessToken: z.string().optional(),
});
export type OrderDto = z.infer<typeof orderDto>;

export const orderSummaryDto = orderDto.pick({
  id: true,
  checkoutId: true,
  status: true,
  paymentStatus: true,
  type: true,
  createdAt: true,
  refno: true,
  total: true,
});
export type OrderSummaryDto = z.infer<typeof orderSummaryDto>;
export const orderPageDto = z.object({
  items: z.array(orderSummaryDto),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** with performanceOptimizedOrderQuery: where the next page starts (pass it as `cursor`), null on the last */
  nextCursor: z.string().nullable().optional(),
});

/** POST /orders: the order is placed from a valid basket. */
export const createOrderBody = z.object({ basketId });
export const orderIdParams = z.object({ orderId: numericIdParam });
export const checkoutIdParams = z.object({ checkoutId });
/** a guest reads their order with the token it was placed with (§7: the page's token parameter) */
export const orderReadQuery = z.object({ token: z.string().min(1).max(200).optional() });

/** POST /orders/{orderId}/payment/resume: where the provider sends the customer back (docs/checkout.md,
 * "Every open order has a way forward and a way back"). */
export const resumeOrderPaymentBody = z.object({ redirectUrls: paymentRedirectUrls });
export type ResumeOrderPaymentBody = z.infer<typeof resumeOrderPaymentBody>;
/** The answer: the payment page to go to — the live transaction's (`LIVE`) or a new one's (`NEW`); `NONE`
 * (no page) when vouchers and online credit on the order paid it. */
export const resumedOrderPaymentDto = z.object({
  order: orderDto,
  redirectUrl: z.string().nullable(),
  transaction: z.enum(['LIVE', 'NEW', 'NONE']),
});
export type ResumedOrderPaymentDto = z.infer<typeof resumedOrderPaymentDto>;

/** §5 Orders list: page default 0, limit default 20, status a list of order statuses. */
export const orderListQuery = z.object({
  page: pageParameter(pagingDefaults.orders.page),
  limit: limitParameter(pagingDefaults.orders.limit, pagingMaxima.listLimit),
  status: trimmedCommaSeparatedList.pipe(z.array(orderStatus)).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  /** one order type (e.g. SUBSCRIPTION: staff look for renewals waiting for their payment) */
  type: orderType.optional(),
  /** with performanceOptimizedOrderQuery: the page after this cursor (a page's nextCursor) instead of `page` */
  cursor: z.string().min(1).max(200).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;
export const latestOrderQuery = z.object({ type: orderType.optional() });

export const patchOrderBody = z
  .object({ shippingAddressId: numericId.nullable(), billingAddressId: numericId.nullable() })
  .partial();

/** §7 PATCH /orders/{orderId}/items/{orderItemId}/assign: the person an item is for, named after the order. */
export const orderItemParams = z.object({ orderId: numericIdParam, orderItemId: uuidString });
export const assignOrderItemBody = z.strictObject({ personId: numericId });

export type { OrderPaymentStatus, OrderStatus, OrderType };
