import type { ConsumptionCharge, PayPerUseRegistration } from '@alpenpass/contracts';
import { type BasketFactSources, emptyFacts, loadProductOfDefinition, priceKey } from '../basket';

/**
 * What a registered card's day costs: the price of its pay-per-use definition on that day from the
 * pricing read model (the price a day pass of that definition has that day, dynamic pricing
 * included), else the catalogue's base price — the same lookup the basket prices with.
 */
export function consumptionPricing(sources: BasketFactSources) {
  return async (registration: PayPerUseRegistration, day: string): Promise<ConsumptionCharge | null> => {
    const { productId, productDefinitionId } = registration;
    const priced = (await sources.prices([{ productDefinitionId, validAt: day }])).get(
      priceKey(productDefinitionId, day),
    );
    if (priced !== undefined)
      return { productId, productDefinitionId, amount: priced, priceSource: 'pricing' };
    const facts = emptyFacts(new Date());
    await loadProductOfDefinition(sources, facts, productDefinitionId);
    const definition = facts.definitions.get(productDefinitionId);
    return definition
      ? { productId, productDefinitionId, amount: definition.basePrice, priceSource: 'basePrice' }
      : null;
  };
}

export type ConsumptionPricing = ReturnType<typeof consumptionPricing>;
