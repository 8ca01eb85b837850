import { z } from 'zod';
import {
  basketEntryWithChildrenInput,
  MAX_ENTRIES_PER_REQUEST,
  personalizationBody,
  TOO_MANY_ENTRIES_MESSAGE,
} from './basket';

/** §5 admin order create (docs/admin-orders.md): staff place an ADMIN order for a customer account or a
 * walk-in (no account), from items priced by the shop, paid on site at once or reserved. */
export const adminOrderItem = basketEntryWithChildrenInput.extend({
  /** who the item is for: the person and keycard must be the customer's */
  personalization: personalizationBody.optional(),
});

export const createAdminOrderBody = z.object({
  /** the customer account the order belongs to; null or absent: a walk-in */
  accountId: z.string().trim().min(1).max(200).nullable().default(null),
  items: z
    .array(adminOrderItem)
    .min(1, 'At least one item is required.')
    .max(MAX_ENTRIES_PER_REQUEST, TOO_MANY_ENTRIES_MESSAGE),
  /** PAID: staff took the payment at the desk; RESERVED: the customer pays on site later */
  payment: z.enum(['PAID', 'RESERVED']),
  comment: z.string().trim().min(1).max(2000).nullable().default(null),
  sendReservationMail: z.boolean().default(true),
  sendConfirmationMail: z.boolean().default(true),
  sendRefundMail: z.boolean().default(true),
});
export type CreateAdminOrderBody = z.infer<typeof createAdminOrderBody>;
