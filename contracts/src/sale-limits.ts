import { z } from 'zod';

/**
 * How much one basket may take (docs/basket.md, "Sale rules"). The shop has defaults from its
 * configuration; a channel may set its own.
 */
export const saleLimits = z.object({
  /** places one entry may ask for */
  maxQuantityPerEntry: z.number().int().min(1).max(1000),
  /** places of all entries of a basket together (originated entries such as deposits not counted) */
  maxPlacesPerBasket: z.number().int().min(1).max(10000),
  /** places one holder (an account, or a guest's basket) may hold on one slot … */
  maxPlacesPerSlotHolder: z.number().int().min(1).max(10000),
  /** … and at most this share of the slot's capacity (at least one place) */
  maxSlotSharePercent: z.number().min(1).max(100),
});
export type SaleLimits = z.infer<typeof saleLimits>;

/** The shop's defaults when its configuration says nothing else. */
export const defaultSaleLimits: SaleLimits = {
  maxQuantityPerEntry: 20,
  maxPlacesPerBasket: 50,
  maxPlacesPerSlotHolder: 10,
  maxSlotSharePercent: 25,
};

/** The largest quantity any request may carry, whatever the limits: money stays exact below it. */
export const MAX_REQUEST_QUANTITY = 10000;

/** Places a holder may hold on a slot of this capacity. */
export function slotHolderShare(
  limits: Pick<SaleLimits, 'maxPlacesPerSlotHolder' | 'maxSlotSharePercent'>,
  capacity: number,
): number {
  const share = Math.ceil((capacity * limits.maxSlotSharePercent) / 100);
  return Math.max(1, Math.min(limits.maxPlacesPerSlotHolder, share));
}
