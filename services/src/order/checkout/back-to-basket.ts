import type { BasketDto, BasketEntryDto, BasketEntryInput } from '@alpenpass/contracts';
import type { BasketService, Caller, PersonalizedEntryInput } from '../../basket';
import { derivedBasketId } from '../order-ids';

/** An entry of the checked-out basket as the input that adds it again: its originated entries (required
 * products) are added again by the basket itself, a slot entry takes its validity from the slot. */
function againInput(entry: BasketEntryDto): PersonalizedEntryInput {
  const input: BasketEntryInput & { personalization?: NonNullable<BasketEntryDto['personalization']> } = {
    productDefinitionId: entry.productDefinitionId,
    slotId: entry.slotId,
    allocation: entry.allocation,
    attributes: entry.attributes as BasketEntryInput['attributes'],
    ...(entry.slotId === null && entry.validity ? { validity: entry.validity } : {}),
    ...(entry.personalization ? { personalization: entry.personalization } : {}),
  };
  return { ...input, children: entry.children.map(againInput) };
}

/**
 * The basket a customer goes back to from an abandoned checkout (docs/checkout.md, "Back to the basket"):
 * a new basket of the same owner with the checked-out basket's entries (held and priced again, the
 * personalizations and promo codes kept). Its id derives from the checkout, so a repeated or concurrent
 * "back" finds the same basket instead of holding the places twice.
 */
export async function basketAgain(
  basket: BasketService,
  caller: Caller,
  checkoutId: string,
  checkedOutBasketId: string,
): Promise<BasketDto> {
  const shop: Caller = {
    principal: { subject: 'checkout-back-to-basket', roles: ['admin'], accountId: null },
    correlationId: caller.correlationId,
  };
  const basketId = derivedBasketId(`back-to-basket:${checkoutId}`);
  const existing = await basket.get(shop, basketId).catch(() => null);
  if (existing) return existing;
  const old = await basket.get(shop, checkedOutBasketId);
  const again = await basket
    .create(shop, old.entries.map(againInput), { accountId: old.accountId, basketId })
    .catch(async (error: unknown) => {
      // a concurrent "back" created it first
      const raced = await basket.get(shop, basketId).catch(() => null);
      if (raced) return raced;
      throw error;
    });
  let withCodes = again;
  for (const code of old.promoCodes) {
    // a code that no longer applies (used up meanwhile) is left out; the basket shows what applies
    withCodes = await basket.addPromoCode(shop, basketId, code).catch(() => withCodes);
  }
  return withCodes;
}
