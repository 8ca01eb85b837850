import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { DateTime } from 'luxon';
import { parseDuration } from '@alpenpass/contracts/src/duration';
import { AGE_ATTRIBUTE, DURATION_ATTRIBUTE, type Product, type ProductDefinition } from '../model/types';

/** How a product is configured: by days on a calendar, by a slot, for a whole season, or by quantity only. */
export type BookingMode = 'days' | 'slot' | 'season' | 'quantity';

export function bookingModeOf(product: ProductDto): BookingMode {
  if (product.kind === 'TIME_SLOT') return 'slot';
  if (product.kind === 'SEASON_SUBSCRIPTION' && product.hasValidity) return 'season';
  return product.hasValidity ? 'days' : 'quantity';
}

/** The catalogue product as the client-side basket model knows it (availability days become instants in the pool's zone). */
export function toModelProduct(product: ProductDto): Product {
  const zone = product.pool.timezone;
  return {
    id: product.id,
    pool: product.pool,
    hasValidity: product.hasValidity,
    productDefinitions: product.productDefinitions.map((definition): ProductDefinition => ({
      ...definition,
      requiredProductDefinitions: definition.requiredProductDefinitions.map((required) => ({
        ...required,
        requiredProductDefinition: { ...required.requiredProductDefinition, requiredProductDefinitions: [] },
      })),
    })),
    productAvailabilityRanges: product.productAvailabilityRanges.map((range) => ({
      from: DateTime.fromISO(range.from, { zone }).startOf('day').toJSDate(),
      to: DateTime.fromISO(range.to, { zone }).endOf('day').toJSDate(),
    })),
  };
}

export interface AttributeChoice {
  value: string;
  label: string;
  minAge?: number;
  maxAge?: number;
}

/** The distinct values of an attribute over the product's definitions, in catalogue order. */
export function attributeChoices(product: ProductDto, name: string): AttributeChoice[] {
  const seen = new Map<string, AttributeChoice>();
  for (const definition of product.productDefinitions) {
    const attribute = definition.attributes[name];
    if (attribute && !seen.has(attribute.value)) {
      seen.set(attribute.value, {
        value: attribute.value,
        label: attribute.displayName,
        minAge: attribute.minAge,
        maxAge: attribute.maxAge,
      });
    }
  }
  return [...seen.values()];
}

/** Person types are the age attribute's values; a product without ages has one anonymous type (''). */
export const personTypesOf = (product: ProductDto): AttributeChoice[] => {
  const ages = attributeChoices(product, AGE_ATTRIBUTE);
  return ages.length > 0 ? ages : [{ value: '', label: '' }];
};

const durationDays = (value: string) => {
  const parsed = parseDuration(value);
  return parsed ? (parsed.unit === 'days' ? parsed.days * 24 : parsed.hours) : Number.MAX_SAFE_INTEGER;
};

export const durationsOf = (product: ProductDto): AttributeChoice[] =>
  attributeChoices(product, DURATION_ATTRIBUTE).sort(
    (left, right) => durationDays(left.value) - durationDays(right.value),
  );
