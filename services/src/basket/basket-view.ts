import { BASKET_CURRENCY, type BasketDto, type BasketEntryDto } from '@alpenpass/contracts';
import type { BasketEntryState, OpenBasket } from './basket';

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
    children: all.filter((other) => other.parentEntryId === entry.entryId).map((child) => entryDto(child, all)),
    originatedEntries: all.filter((other) => other.originEntryId === entry.entryId).map((child) => entryDto(child, all)),
  };
}

/** How long holds last: a TTL from the last change, never past a lifetime from the hold's start. */
export interface HoldDurations {
  ttlMs: number | null;
  maxLifetimeMs: number | null;
}

/** The hold timer is renewed with every change of a basket that holds places, so an active hold
 * ends one TTL after the basket's last change, or at the end of its lifetime if that comes first. */
function holdStatus(basket: OpenBasket, durations: HoldDurations): BasketDto['hold'] {
  if (basket.entries.some((entry) => entry.hold === 'expired')) return { status: 'expired', expiresAt: null, expiredAt: basket.holdExpiredAt };
  if (basket.entries.some((entry) => entry.hold === 'held')) {
    if (durations.ttlMs === null) return { status: 'active', expiresAt: null, expiredAt: null };
    const byActivity = Date.parse(basket.updatedAt) + durations.ttlMs;
    const byLifetime = durations.maxLifetimeMs === null || basket.holdSince === null ? Infinity : Date.parse(basket.holdSince) + durations.maxLifetimeMs;
    return { status: 'active', expiresAt: new Date(Math.min(byActivity, byLifetime)).toISOString(), expiredAt: null };
  }
  return { status: 'none', expiresAt: null, expiredAt: null };
}

/** The basket as the API answers it: entries nested with their children and originated entries,
 * prices per entry (unit price × quantity) and the total over every entry, in minor units. */
export function toBasketDto(basket: OpenBasket, holdDurations: HoldDurations): BasketDto {
  const topLevel = basket.entries.filter((entry) => entry.parentEntryId === null && entry.originEntryId === null);
  const total = basket.entries.reduce((sum, entry) => sum + entry.unitPrice.amount * entry.quantity, 0);
  return {
    id: basket.basketId,
    accountId: basket.accountId,
    entries: topLevel.map((entry) => entryDto(entry, basket.entries)),
    ...basket.details,
    promoCodes: basket.promoCodes,
    vouchers: basket.vouchers.map((paymentDetailId) => ({ paymentDetailId })),
    total: { amount: total, currency: BASKET_CURRENCY },
    hold: holdStatus(basket, holdDurations),
    createdAt: basket.createdAt,
    updatedAt: basket.updatedAt,
  };
}
