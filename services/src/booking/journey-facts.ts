import type { ClientSlot, Language } from '@alpenpass/contracts';
import type { CatalogueDefinitionCore, CatalogueProduct } from '@alpenpass/projections/src/catalogue';

/** The outside facts one form computation needs; loaded by load-journey-facts.ts, so that every
 * function of the form stays pure and testable without a database. */
export interface JourneyFacts {
  product: CatalogueProduct;
  /** every definition of the products this product's definitions require (e.g. keycard deposits),
   * so that a required definition can be matched by age (§5) */
  requiredProductDefinitions: CatalogueDefinitionCore[];
  /** offered slots (booking window applied) in the window the request looks at */
  slots: ClientSlot[];
  /** price of a definition on a day (pool time, yyyy-MM-dd) from the pricing read model, if any */
  priceOf: (productDefinitionId: number, date: string) => number | undefined;
  now: Date;
  language: Language;
}

export interface UnitPrice {
  amount: number;
  currency: 'CHF';
  /** 'basePrice' marks the fallback while the pricing read model has no price for that day */
  source: 'pricing' | 'basePrice';
}

/** The price of one unit: the pricing read model's price, else the definition's base price. */
export function unitPrice(facts: JourneyFacts, definition: CatalogueDefinitionCore, date: string): UnitPrice {
  const priced = facts.priceOf(definition.id, date);
  if (priced !== undefined) return { amount: priced, currency: 'CHF', source: 'pricing' };
  return { amount: definition.basePrice.amount, currency: 'CHF', source: 'basePrice' };
}

export function sumPrices(prices: UnitPrice[]): UnitPrice | null {
  if (prices.length === 0) return null;
  return {
    amount: prices.reduce((sum, price) => sum + price.amount, 0),
    currency: 'CHF',
    source: prices.every((price) => price.source === 'pricing') ? 'pricing' : 'basePrice',
  };
}
