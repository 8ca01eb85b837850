import type { ProductDto } from '@alpenpass/contracts/src/catalogue';

/** Test data for the basket page: server baskets as JSON (dates as text, as the API sends them). */
export const BASKET_ID = '3f1b2c4d-5e6f-4a1b-8c2d-9e0f1a2b3c4d';

type EntryJson = Record<string, unknown> & {
  id: string;
  quantity: number;
  unitPrice: { amount: number; currency: string; source: string };
};

export function gondolaEntry(id: string, quantity: number): EntryJson {
  return {
    id,
    productId: 103,
    productDefinitionId: 1031,
    slotId: 7,
    validity: { from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T09:30:00.000Z' },
    allocation: { personTypes: [{ personType: 'adult', quantity }] },
    quantity,
    attributes: {},
    originEntryId: null,
    personalization: null,
    unitPrice: { amount: 3200, currency: 'CHF', source: 'pricing' },
    price: { amount: 3200 * quantity, currency: 'CHF' },
    hold: 'held',
    children: [],
    originatedEntries: [],
  };
}

export function parkingEntry(id: string, personalization: unknown = null): EntryJson {
  return {
    id,
    productId: 106,
    productDefinitionId: 1061,
    slotId: null,
    validity: { from: '2026-12-02', to: '2026-12-02' },
    allocation: { quantity: 1 },
    quantity: 1,
    attributes: {},
    originEntryId: null,
    personalization,
    unitPrice: { amount: 1500, currency: 'CHF', source: 'basePrice' },
    price: { amount: 1500, currency: 'CHF' },
    hold: 'none',
    children: [],
    originatedEntries: [],
  };
}

export function basketJson(entries: EntryJson[], extra: Record<string, unknown> = {}) {
  const subtotal = entries.reduce((sum, entry) => sum + entry.unitPrice.amount * entry.quantity, 0);
  return {
    id: BASKET_ID,
    accountId: null,
    entries,
    shippingAddressId: null,
    billingAddressId: null,
    comment: null,
    useOnlineCredit: false,
    checkoutConditions: {},
    promoCodes: [],
    vouchers: [],
    subtotal: { amount: subtotal, currency: 'CHF' },
    discounts: [],
    discountTotal: { amount: 0, currency: 'CHF' },
    total: { amount: subtotal, currency: 'CHF' },
    hold: { status: 'active', expiresAt: '2026-11-23T11:00:00.000Z', expiredAt: null },
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    ...extra,
  };
}

const pool = { identifier: 'alpenhorn', name: 'Alpenhorn', timezone: 'Europe/Zurich' };
const noWindow = { earliestDaysBefore: null, latestMinutesBeforeStart: null };
const price = (amount: number) => ({ amount, currency: 'CHF' as const });

export const basketProducts: ProductDto[] = [
  {
    id: 103,
    slug: 'summit-gondola',
    kind: 'TIME_SLOT',
    name: 'Summit gondola',
    description: '',
    category: null,
    pool,
    hasValidity: true,
    productAvailabilityRanges: [],
    media: [],
    image: { src: '/images/demo/gondola.svg', width: 640, height: 360, alt: 'Red gondola' },
    bookingWindow: noWindow,
    productDefinitions: [
      {
        id: 1031,
        productId: 103,
        attributes: { age: { value: 'adult', displayName: 'Adult' } },
        basePrice: price(3200),
        discounts: [],
        fromPrice: price(3200),
        requiredProductDefinitions: [],
      },
    ],
    fromPrice: price(3200),
  },
  {
    id: 106,
    slug: 'valley-parking',
    kind: 'PARKING',
    name: 'Valley parking',
    description: '',
    category: null,
    pool,
    hasValidity: true,
    productAvailabilityRanges: [],
    media: ['LICENSEPLATE'],
    image: null,
    bookingWindow: noWindow,
    productDefinitions: [
      {
        id: 1061,
        productId: 106,
        attributes: {},
        basePrice: price(1500),
        discounts: [],
        fromPrice: price(1500),
        requiredProductDefinitions: [],
      },
    ],
    fromPrice: price(1500),
  },
];
