import { z } from 'zod';
import { numericId } from '../validators/ids';
import { newPaymentCode } from './payment-codes';

const redirectUrl = z.url();

/** Where the payment provider sends the customer back to. */
export const paymentRedirectUrls = z.object({
  success: redirectUrl,
  error: redirectUrl,
  cancel: redirectUrl,
});
export type PaymentRedirectUrls = z.infer<typeof paymentRedirectUrls>;

/** §5 Checkout: the payment body is one of two forms, told apart by intent. */
export const checkoutPaymentBody = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('new'),
    type: newPaymentCode,
    saveAlias: z.boolean().optional(),
    fraudSessionId: z.string().min(1).optional(),
    redirectUrls: paymentRedirectUrls,
  }),
  z.object({
    intent: z.literal('existing'),
    paymentDetailId: numericId,
    redirectUrls: paymentRedirectUrls,
  }),
]);
export type CheckoutPaymentBody = z.infer<typeof checkoutPaymentBody>;
