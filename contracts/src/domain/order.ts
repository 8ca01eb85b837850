import { z } from 'zod';

/** §4 order status values. */
export const orderStatuses = [
  'PAID',
  'CREATED',
  'REFUNDED',
  'CANCELLED',
  'PARTIALLY_CANCELLED',
  'PARTIALLY_REFUNDED',
  'RESERVED',
  'PENDING',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

/** §3 Order types. */
export const orderTypes = ['SUBSCRIPTION', 'CONSUMPTION', 'ONE_TIME', 'ADMIN'] as const;
export const orderType = z.enum(orderTypes);
export type OrderType = z.infer<typeof orderType>;

/**
 * §3 Order paymentStatus. The SPEC names the field but not its values; these follow the payment
 * lifecycle the checkout and refund workflows drive.
 */
export const orderPaymentStatuses = [
  'PENDING',
  'PAID',
  'FAILED',
  'CANCELLED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const;
export const orderPaymentStatus = z.enum(orderPaymentStatuses);
export type OrderPaymentStatus = z.infer<typeof orderPaymentStatus>;

/** §9 export templates. */
export const exportTemplates = ['accounting', 'order_grouped'] as const;
export const exportTemplate = z.enum(exportTemplates);
export type ExportTemplate = z.infer<typeof exportTemplate>;
