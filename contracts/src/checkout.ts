import { z } from 'zod';
import {
  basketEntryWithChildrenInput,
  MAX_ENTRIES_PER_REQUEST,
  moneyDto,
  TOO_MANY_ENTRIES_MESSAGE,
  unknownPersonalizationField,
} from './basket';
import { checkoutPaymentBody } from './domain/checkout-payment';
import { cardPaymentInitiationResponse } from './domain/payment-records';
import { orderPaymentStatus, orderStatus } from './domain/order';
import { medium } from './domain/medium';
import { customFormFieldDefinition } from './domain/custom-form-fields';
import { orderDto } from './order';
import { paymentConfirmation } from './payment';
import { basketId, checkoutId, numericId } from './validators/ids';
import { trimmedCommaSeparatedList } from './validators/comma-lists';
import { uuidString } from './validators/text-formats';

/** §3 Checkout, §5 Checkout, §7 Checkout. See docs/checkout.md. */

export const checkoutErrorCodes = {
  checkoutNotFound: 'CHECKOUT_NOT_FOUND',
  checkoutClosed: 'CHECKOUT_CLOSED',
  paymentProviderUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  redirectNotAllowed: 'REDIRECT_URL_NOT_ALLOWED',
  discountNotFound: 'DISCOUNT_NOT_FOUND',
  discountNotRemovable: 'DISCOUNT_NOT_REMOVABLE',
  voucherNotApplied: 'VOUCHER_NOT_APPLIED',
  nothingDue: 'NOTHING_DUE',
  unknownVoucherCode: 'VOUCHER_CODE_UNKNOWN',
  conditionsMissing: 'CHECKOUT_CONDITIONS_MISSING',
} as const;

/** Checkout events (stream `checkout-<uuid>`): which basket it came from and which order it leads to. */
export type CheckoutEvent =
  | {
      type: 'CheckoutStarted';
      data: { checkoutId: string; basketId: string; accountId: string | null; orderId: number };
    }
  /** the customer's answers to the operator's checkout conditions (custom form fields), validated */
  | { type: 'CheckoutConditionsSubmitted'; data: { checkoutId: string; formValues: Record<string, unknown> } }
  /** the checkout of a guest identity's order became the signed-in account's, with its order */
  | { type: 'CheckoutHandedOver'; data: { checkoutId: string; accountId: string; fromAccountId: string } };
export const checkoutEventTypes = [
  'CheckoutStarted',
  'CheckoutConditionsSubmitted',
  'CheckoutHandedOver',
] as const satisfies readonly CheckoutEvent['type'][];
export const checkoutStreamName = (id: string) => `checkout-${id}`;

/** POST /checkout: from a basket, or from loose items (the checkout keeps a basket of its own for them). */
export const checkoutItemsInput = z
  .array(basketEntryWithChildrenInput)
  .min(1, 'At least one item is required.')
  .max(MAX_ENTRIES_PER_REQUEST, TOO_MANY_ENTRIES_MESSAGE);
export const createCheckoutBody = z.union([
  z.object({ basketId }).strict(),
  z.object({ items: checkoutItemsInput }).strict(),
]);
export type CreateCheckoutBody = z.infer<typeof createCheckoutBody>;
/** POST /checkout/{id}/items */
export const addCheckoutItemsBody = z.object({ items: checkoutItemsInput });
export const checkoutParams = z.object({ checkoutId });
export const checkoutItemParams = z.object({ checkoutId, itemId: uuidString });

/** §5: item deletion needs a non-empty itemIds list. */
export const deleteCheckoutItemsQuery = z.object({
  itemIds: trimmedCommaSeparatedList.pipe(z.array(uuidString).min(1, 'At least one item id is required.')),
});

export const patchCheckoutBody = z
  .object({
    shippingAddressId: z.number().int().min(1).nullable(),
    billingAddressId: z.number().int().min(1).nullable(),
    comment: z.string().trim().min(1, 'The comment must not be empty.').max(2000).nullable(),
  })
  .partial();
export type CheckoutDetails = z.infer<typeof patchCheckoutBody>;

/** §7 PATCH …/items/{itemId}/personalization. */
export const checkoutPersonalizationBody = z.strictObject(
  {
    personId: numericId.nullable().default(null),
    mediumType: medium.nullable().default(null),
    keycardId: numericId.nullable().default(null),
  },
  { error: unknownPersonalizationField('personId, mediumType and keycardId') },
);
export type CheckoutPersonalization = z.infer<typeof checkoutPersonalizationBody>;

/** §5: discount codes are strings; voucher codes are trimmed and must be non-empty. */
export const addDiscountBody = z.object({ discountCode: z.string().max(100) });
export const addVoucherCodeBody = z.object({
  voucherCode: z.string().trim().min(1, 'The voucher code must not be empty.').max(100),
});
export const discountParams = z.object({ checkoutId, discountId: z.string().min(1).max(100) });
export const voucherCodeParams = z.object({ checkoutId, voucherCode: z.string().trim().min(1).max(100) });

/** §9 payment methods: on site (the order is reserved) or one of §5's two card forms. */
export const onSitePaymentBody = z.object({ intent: z.literal('onSite') });
export const checkoutPaymentRequest = z.union([onSitePaymentBody, checkoutPaymentBody]);
export type CheckoutPaymentRequest = z.infer<typeof checkoutPaymentRequest>;

/** POST …/checkout-conditions: values keyed by field name; each is checked against its field. */
export const checkoutConditionsBody = z.object({ formValues: z.record(z.string(), z.unknown()) });

export const checkoutDto = z.object({
  id: checkoutId,
  basketId,
  orderId: z.number().int(),
  /** the order as it is now: items with frozen prices, total, status */
  order: orderDto,
  total: moneyDto,
  /** the operator's checkout conditions for the channel, the values given, and whether payment may start */
  conditions: z.object({
    fields: z.array(customFormFieldDefinition),
    values: z.record(z.string(), z.unknown()),
    complete: z.boolean(),
  }),
});
export type CheckoutDto = z.infer<typeof checkoutDto>;

/** The answer to POST …/payment: on site, the reserved order; by card, where to send the customer. */
export const checkoutPaymentDto = z.object({
  checkout: checkoutDto,
  redirectUrl: z.string().nullable(),
  payment: cardPaymentInitiationResponse.optional(),
});
export type CheckoutPaymentDto = z.infer<typeof checkoutPaymentDto>;

/** GET …/checkout/{id}/payment/status and GET /payments/status?orderId: the order's payment as it
 * really stands (a pending card payment is reconciled with the provider first). */
export const orderPaymentStatusDto = z.object({
  orderId: z.number().int(),
  status: orderStatus,
  paymentStatus: orderPaymentStatus.nullable(),
  /** the provider's transaction of the latest card payment, null when none started */
  transactionId: z.string().nullable(),
  /** what pays the order, as the shop confirms it (docs/payments.md) */
  confirmations: z.array(paymentConfirmation),
});
export type OrderPaymentStatusDto = z.infer<typeof orderPaymentStatusDto>;
export const paymentStatusQuery = z.object({ orderId: z.coerce.number().int().positive() });
