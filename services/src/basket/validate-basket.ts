import type { BasketValidationFlags, BasketValidationIssue } from '@alpenpass/contracts';
import { offeredWindow } from '../capacity/booking-window';
import type { OpenBasket } from './basket';
import type { ProductFacts, SlotFacts } from './entry-facts';

export interface ValidationFacts {
  now: Date;
  products: Map<number, ProductFacts>;
  slots: Map<number, SlotFacts>;
  /** places each entry holds or has booked on its slot right now (from the slot streams) */
  claimedPlaces: Map<string, number>;
}

function withinWindow(slot: SlotFacts, product: ProductFacts, now: Date, rule: 'earliest' | 'latest'): boolean {
  const window = offeredWindow({
    timezone: product.timezone,
    bookingWindow: product.bookingWindow,
    now,
    from: slot.from,
    ignoreEarliestBookingTime: rule !== 'earliest',
    ignoreLatestBookingTime: rule !== 'latest',
    defaultDays: null,
  });
  const from = new Date(slot.from);
  if (from < window.startsFrom) return false;
  if (window.startsBefore && from >= window.startsBefore) return false;
  return !(window.endsAfter && new Date(slot.to) <= window.endsAfter);
}

/**
 * Checks a basket before checkout (§5 basket validation). Pure: the facts are read before. The
 * flags drop the booking-window rules and the capacity check (staff only, checked by the caller).
 */
export function validateBasket(basket: OpenBasket, flags: BasketValidationFlags, facts: ValidationFacts): BasketValidationIssue[] {
  const issues: BasketValidationIssue[] = [];
  if (basket.entries.length === 0) issues.push({ entryId: null, code: 'BASKET_EMPTY', message: 'The basket has no entries.' });
  for (const entry of basket.entries) {
    if (entry.slotId === null) continue;
    const slot = facts.slots.get(entry.slotId);
    const product = facts.products.get(entry.productId);
    if (!slot || !product) {
      issues.push({ entryId: entry.entryId, code: 'SLOT_NOT_FOUND', message: `Slot ${entry.slotId} does not exist any more.` });
      continue;
    }
    if (!flags.ignoreEarliestBookingTime && !withinWindow(slot, product, facts.now, 'earliest')) {
      issues.push({ entryId: entry.entryId, code: 'TOO_EARLY_TO_BOOK', message: `Slot ${slot.slotId} cannot be booked yet.` });
    }
    if (!flags.ignoreLatestBookingTime && !withinWindow(slot, product, facts.now, 'latest')) {
      issues.push({ entryId: entry.entryId, code: 'TOO_LATE_TO_BOOK', message: `Slot ${slot.slotId} can no longer be booked.` });
    }
    if (flags.skipCapacityCheck) continue;
    if (entry.hold === 'expired') {
      issues.push({ entryId: entry.entryId, code: 'HOLD_EXPIRED', message: 'The places held for this entry were released when the basket hold expired.' });
    } else if ((facts.claimedPlaces.get(entry.entryId) ?? 0) < entry.quantity) {
      issues.push({ entryId: entry.entryId, code: 'CAPACITY_NOT_HELD', message: `The places of this entry on slot ${slot.slotId} are not held.` });
    }
  }
  return issues;
}
