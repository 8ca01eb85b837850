import {
  BASKET_CURRENCY,
  type BasketDto,
  type BasketEntryDto,
  type DiscountLine,
} from '@alpenpass/contracts';
import type { BasketEntryState, OpenBasket } from './basket';
import { holdDeadline, holdsPlaces, type HoldDurations } from './hold-deadline';

function entryDto(entry: BasketEntryState, all: BasketEntryState[]): BasketEntryDto {
  return {
    id: entry.entryId,
    productId: entry.productId,
    productDefinitionId: entry.productDefinitionId,
    slotId: entry.slotId,
    validity: entry.validity,
    allocation: entry.allocation,
    quantity: entry.quantity,
    attributes: entry.attributes,
    originEntryId: entry.originEntryId,
    personalization: entry.personalization,
    unitPrice: entry.unitPrice,
    price: { amount: entry.unitPrice.amount * entry.quantity, currency: BASKET_CURRENCY },
    hold: entry.hold,
    children: all
      .filter((other) => other.parentEntryId === entry.entryId)
      .map((child) => entryDto(child, all)),
    originatedEntries: all
      .filter((other) => other.originEntryId === entry.entryId)
      .map((child) => entryDto(child, all)),
  };
}

export type { HoldDurations } from './hold-deadline';

/** An active hold ends at the deadline its events give (hold-deadline.ts), which the hold reactor
 * hands to the hold's timer. */
function holdStatus(basket: OpenBasket, durations: HoldDurations): BasketDto['hold'] {
  if (basket.entries.some((entry) => entry.hold === 'expired'))
    return { status: 'expired', expiresAt: null, expiredAt: basket.holdExpiredAt };
  if (!holdsPlaces(basket)) return { status: 'none', expiresAt: null, expiredAt: null };
  const deadline = holdDeadline(basket, durations);
  return {
    status: 'active',
    expiresAt: deadline ? new Date(deadline.expiresAtMs).toISOString() : null,
    expiredAt: null,
  };
}

/** The discounts the discount context computed for the basket (docs/discounts.md). */
export interface BasketDiscounts {
  lines: DiscountLine[];
  discountTotal: number;
}

/** The basket as the API answers it: entries nested with their children and originated entries,
 * prices per entry (unit price × quantity), the subtotal over every entry, the discount lines and the
 * total after them (never below zero), in minor units. */
export function toBasketDto(
  basket: OpenBasket,
  holdDurations: HoldDurations,
  discounts: BasketDiscounts = { lines: [], discountTotal: 0 },
): BasketDto {
  const topLevel = basket.entries.filter(
    (entry) => entry.parentEntryId === null && entry.originEntryId === null,
  );
  const subtotal = basket.entries.reduce((sum, entry) => sum + entry.unitPrice.amount * entry.quantity, 0);
  const total = Math.max(0, subtotal - discounts.discountTotal);
  return {
    id: basket.basketId,
    accountId: basket.accountId,
    entries: topLevel.map((entry) => entryDto(entry, basket.entries)),
    ...basket.details,
    promoCodes: basket.promoCodes,
    vouchers: basket.vouchers.map((paymentDetailId) => ({ paymentDetailId })),
    subtotal: { amount: subtotal, currency: BASKET_CURRENCY },
    discounts: discounts.lines,
    discountTotal: { amount: discounts.discountTotal, currency: BASKET_CURRENCY },
    total: { amount: total, currency: BASKET_CURRENCY },
    hold: holdStatus(basket, holdDurations),
    createdAt: basket.createdAt,
    updatedAt: basket.updatedAt,
  };
}
