import { z } from 'zod';
import { channelId } from './validators/ids';

/** Cause-we-care (§7 /orders/{orderId}/cause-we-care; SPEC gives no more, docs/cause-we-care.md): an
 * optional contribution the operator offers per sales channel (a climate fund, the mountain rescue),
 * which a customer adds to or removes from an order that is not paid yet. */

const causeName = z.string().trim().min(2).max(80);

export const causeWeCareOfferBody = z.object({
  name: z.object({ de: causeName, en: causeName, fr: causeName }),
  /** in rappen: CHF 1.00 to CHF 500.00 */
  amount: z.number().int().min(100).max(50_000),
});
export type CauseWeCareOffer = z.infer<typeof causeWeCareOfferBody>;

export const causeWeCareChannelParams = z.object({ channelId });

export const causeWeCareOfferDto = z.object({
  name: z.object({ de: z.string(), en: z.string(), fr: z.string() }),
  amount: z.object({ amount: z.number().int(), currency: z.literal('CHF') }),
});

/** GET /orders/{orderId}/cause-we-care: what the channel offers and what the order carries. */
export const orderCauseWeCareDto = z.object({
  offer: causeWeCareOfferDto.nullable(),
  contribution: causeWeCareOfferDto.nullable(),
});

export const causeWeCareErrorCodes = {
  notOffered: 'CAUSE_WE_CARE_NOT_OFFERED',
  channelNotFound: 'CHANNEL_NOT_FOUND',
} as const;

export type CauseWeCareEvent =
  | { type: 'CauseWeCareOffered'; data: { channelId: string } & CauseWeCareOffer }
  | { type: 'CauseWeCareWithdrawn'; data: { channelId: string } };

export const causeWeCareStreamName = (channel: string) => `cause-we-care-${channel}`;
