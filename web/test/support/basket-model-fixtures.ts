import type { BasketEntry, Product, ProductDefinition, Slot } from '../../src/features/basket/model/types';

/** Test data: a multi-day pass whose definitions require a keycard of the same age, and a gondola with slots. */

const keycardAdult: ProductDefinition = {
  id: 201,
  productId: 20,
  attributes: { age: { value: 'adult' } },
  requiredProductDefinitions: [],
};
const keycardChild: ProductDefinition = {
  id: 202,
  productId: 20,
  attributes: { age: { value: 'child' } },
  requiredProductDefinitions: [],
};

export const keycardProduct: Product = {
  id: 20,
  pool: { timezone: 'Europe/Zurich' },
  productDefinitions: [keycardAdult, keycardChild],
  hasValidity: false,
};

let nextDefinitionId = 101;
function passDefinition(age: string, duration: string): ProductDefinition {
  const keycard = age === 'adult' ? keycardAdult : keycardChild;
  return {
    id: nextDefinitionId++,
    productId: 10,
    attributes: { age: { value: age }, duration: { value: duration } },
    requiredProductDefinitions: [
      { requiredProductDefinitionId: keycard.id, requiredProductDefinition: keycard, count: 1 },
    ],
    discounts: [{ percent: 10 }],
  };
}

export const passProduct: Product = {
  id: 10,
  pool: { timezone: 'Europe/Zurich' },
  productDefinitions: ['adult', 'child'].flatMap((age) =>
    ['1d', '3d', '6d'].map((duration) => passDefinition(age, duration)),
  ),
  hasValidity: true,
  productAvailabilityRanges: [
    { from: new Date('2025-12-01T00:00:00Z'), to: new Date('2026-04-30T00:00:00Z') },
  ],
};

export function passDefinitionWith(age: string, duration: string): ProductDefinition {
  const found = passProduct.productDefinitions.find(
    (d) => d.attributes.age?.value === age && d.attributes.duration?.value === duration,
  );
  if (!found) throw new Error(`no pass definition ${age}/${duration}`);
  return found;
}

export const gondolaDefinition: ProductDefinition = {
  id: 301,
  productId: 30,
  attributes: { age: { value: 'adult' } },
  requiredProductDefinitions: [],
};
export const gondolaProduct: Product = {
  id: 30,
  pool: { timezone: 'Europe/Zurich' },
  productDefinitions: [gondolaDefinition],
  hasValidity: true,
};

export function slot(
  id: number,
  from: string,
  to: string,
  productDefinitionIds = [gondolaDefinition.id],
): Slot {
  return { id, from: new Date(from), to: new Date(to), productDefinitionIds, availableCapacity: 12 };
}

export function counterIds(prefix = 'entry'): () => string {
  let counter = 0;
  return () => `${prefix}-${++counter}`;
}

/** An adult 3-day pass from 1 to 3 January (whole days, Zurich) with its required keycard. */
export function adultPassWithKeycard(quantity = 1): BasketEntry {
  return {
    id: 'pass',
    product: passProduct,
    productDefinition: passDefinitionWith('adult', '3d'),
    quantity,
    slot: null,
    validity: { from: '2026-01-01T00:00:00.000+01:00', to: '2026-01-03T23:59:59.999+01:00' },
    children: [
      {
        id: 'keycard',
        product: keycardProduct,
        productDefinition: keycardProduct.productDefinitions[0]!,
        quantity,
        slot: null,
        validity: { from: '2026-01-01T00:00:00.000+01:00', to: '2026-01-03T23:59:59.999+01:00' },
        children: [],
        originEntryId: 'pass',
      },
    ],
    originEntryId: null,
    serverEntryId: 'server-7',
    holdExpiresAt: new Date('2026-01-01T10:00:00Z'),
    price: { amount: 15900, currency: 'CHF' },
  };
}
