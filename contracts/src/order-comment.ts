import { z } from 'zod';

/** §5 Orders: "Order comment must be non-empty." (a blank one too: it is trimmed first). */
export const orderCommentMessage = 'Order comment must be non-empty';
export const orderCommentBody = z.object({
  comment: z
    .string({ error: orderCommentMessage })
    .trim()
    .min(1, orderCommentMessage)
    .max(2000, 'Order comment must be at most 2000 characters'),
});
