import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { savedCard } from './saved-card';
import { SKIDATA_CARD } from './consumption-fixtures';

/** Test data for buying pay per use, shaped like the API's answers (docs/consumptions.md "Buying pay per use"). */
const chf = (amount: number) => ({ amount, currency: 'CHF' as const });
const pool = { identifier: 'alpenhorn', name: 'Alpenhorn', timezone: 'Europe/Zurich' };

export const payPerUseProduct: ProductDto = {
  id: 107,
  slug: 'pay-per-use',
  kind: 'CONSUMPTION',
  name: 'Pay-per-use ski day',
  description: 'Register your keycard and a saved card once, nothing is charged now.',
  category: null,
  pool,
  hasValidity: false,
  productAvailabilityRanges: [{ id: 'winter', name: 'Winter season', from: '2026-12-05', to: '2027-04-18' }],
  media: ['SKIDATA'],
  image: null,
  bookingWindow: { earliestDaysBefore: null, latestMinutesBeforeStart: null },
  productDefinitions: [
    {
      id: 1071,
      productId: 107,
      attributes: { age: { value: 'adult', displayName: 'Adult', minAge: 16, maxAge: 64 } },
      basePrice: chf(6900),
      discounts: [],
      fromPrice: chf(6900),
      requiredProductDefinitions: [],
    },
    {
      id: 1072,
      productId: 107,
      attributes: { age: { value: 'child', displayName: 'Child', minAge: 6, maxAge: 15 } },
      basePrice: chf(3400),
      discounts: [],
      fromPrice: chf(3400),
      requiredProductDefinitions: [],
    },
  ],
  fromPrice: chf(3400),
};

/** One registration in the basket: priced 0, `billedPerUse`, waiting for its keycard. */
export function payPerUseEntry(id: string, personalization: unknown = null) {
  return {
    id,
    productId: 107,
    productDefinitionId: 1071,
    slotId: null,
    validity: null,
    allocation: { personTypes: [{ personType: 'adult', quantity: 1 }] },
    quantity: 1,
    attributes: {},
    originEntryId: null,
    personalization,
    unitPrice: { amount: 0, currency: 'CHF', source: 'billedPerUse' },
    price: chf(0),
    hold: 'none',
    children: [],
    originatedEntries: [],
  };
}

export const PAY_PER_USE_ITEM_ID = '6e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

/** The order item a registration becomes, personalised with the customer's SKIDATA card. */
export const payPerUseItem = {
  id: PAY_PER_USE_ITEM_ID,
  parentItemId: null,
  originItemId: null,
  productId: 107,
  productDefinitionId: 1071,
  slotId: null,
  validity: null,
  quantity: 1,
  attributes: {},
  personalization: { personId: SKIDATA_CARD.personId, medium: 'SKIDATA', keycardId: SKIDATA_CARD.id },
  unitPrice: { amount: 0, currency: 'CHF', source: 'billedPerUse' },
  price: chf(0),
  cancelled: false,
  refundedAmount: 0,
};

export const visaCard = savedCard();
