import { DURATION_ATTRIBUTE } from '@alpenpass/contracts';
import { durationDaysOf } from '@alpenpass/contracts/src/duration';
import {
  attributeValue,
  type CatalogueProduct,
  type CatalogueProductDefinition,
} from '@alpenpass/projections/src/catalogue';

const isOneDay = (definition: CatalogueProductDefinition) => {
  const duration = attributeValue(definition, DURATION_ATTRIBUTE);
  return duration !== undefined && durationDaysOf(duration) === 1;
};

/** The attributes apart from the duration, as comparable text ("age=adult"). */
const personKey = (definition: CatalogueProductDefinition) =>
  definition.attributes
    .filter((attribute) => attribute.identifier !== DURATION_ATTRIBUTE)
    .map((attribute) => `${attribute.identifier}=${attribute.value}`)
    .sort()
    .join('&');

/**
 * The one-day definition a duration definition takes its daily base rate from: a definition with a
 * duration of exactly one day, in the same pool, with the same other attributes (the adult day pass
 * for the adult 7-day pass). One of the same product first, then the lowest id. A one-day definition
 * is its own; without a match there is none.
 */
export function dayDefinitionOf(
  product: CatalogueProduct,
  definition: CatalogueProductDefinition,
  products: readonly CatalogueProduct[],
): CatalogueProductDefinition | undefined {
  if (durationDaysOf(attributeValue(definition, DURATION_ATTRIBUTE)) === 1) return definition;
  const key = personKey(definition);
  const candidates = products
    .filter((candidate) => candidate.pool.identifier === product.pool.identifier)
    .flatMap((candidate) => candidate.productDefinitions)
    .filter(
      (candidate) =>
        isOneDay(candidate) &&
        personKey(candidate) === key &&
        candidate.basePrice.currency === definition.basePrice.currency,
    )
    .sort((a, b) => Number(b.productId === product.id) - Number(a.productId === product.id) || a.id - b.id);
  return candidates[0];
}
