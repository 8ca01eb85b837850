import {
  consumptionErrorCodes,
  type BasketValidationFlags,
  type BasketValidationIssue,
} from '@alpenpass/contracts';
import type { OpenBasket } from './basket';
import type { EntryFacts } from './entry-facts';
import { namedItemOf, personalizationBreach, personsNamedTwice } from './personalization-rules';
import { basketPlacesBreach, entrySaleBreaches } from './sale-rules';

export interface ValidationFacts extends EntryFacts {
  /** places each entry holds or has booked on its slot right now (from the slot streams) */
  claimedPlaces: Map<string, number>;
}

/**
 * Checks a basket before checkout (§5 basket validation): the same sale rules and naming rules as the
 * add path and the personalization, judged again now, plus the capacity its slot entries hold. Pure: the facts are read before. The
 * flags drop the booking-window rules and the capacity check (staff only, checked by the caller).
 */
export function validateBasket(
  basket: OpenBasket,
  flags: BasketValidationFlags,
  facts: ValidationFacts,
): BasketValidationIssue[] {
  const issues: BasketValidationIssue[] = [];
  if (basket.entries.length === 0)
    issues.push({ entryId: null, code: 'BASKET_EMPTY', message: 'The basket has no entries.' });
  const tooMany = basketPlacesBreach(basket.entries, facts);
  if (tooMany) issues.push({ entryId: null, code: tooMany.code, message: tooMany.message });
  for (const { item, breach } of personsNamedTwice(basket.entries.map(namedItemOf), facts))
    issues.push({ entryId: item.id, code: breach.code, message: breach.message });
  for (const entry of basket.entries) {
    for (const { code, message } of entrySaleBreaches(entry, facts, flags))
      issues.push({ entryId: entry.entryId, code, message });
    const named = entry.personalization && personalizationBreach(entry, entry.personalization, facts);
    if (named) issues.push({ entryId: entry.entryId, code: named.code, message: named.message });
    if (facts.products.get(entry.productId)?.kind === 'CONSUMPTION' && !entry.personalization?.keycardId) {
      issues.push({
        entryId: entry.entryId,
        code: consumptionErrorCodes.keycardRequired,
        message:
          'Pay per use is billed to a keycard: personalize the entry with the person and the keycard to register.',
      });
    }
    if (entry.slotId === null || flags.skipCapacityCheck || !facts.slots.has(entry.slotId)) continue;
    if (entry.hold === 'expired') {
      issues.push({
        entryId: entry.entryId,
        code: 'HOLD_EXPIRED',
        message: 'The places held for this entry were released when the basket hold expired.',
      });
    } else if ((facts.claimedPlaces.get(entry.entryId) ?? 0) < entry.quantity) {
      issues.push({
        entryId: entry.entryId,
        code: 'CAPACITY_NOT_HELD',
        message: `The places of this entry on slot ${entry.slotId} are not held.`,
      });
    }
  }
  return issues;
}
