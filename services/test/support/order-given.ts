import type { Medium, OrderEvent, OrderItemRecord } from '@alpenpass/contracts';
import { emptyFacts } from '../../src/basket/entry-facts';
import type { NamingFacts } from '../../src/basket/personalization-rules';
import type { PlaceOrderData } from '../../src/order/checkout/placing-decide';
import { evolveOrder, initialOrderState, type OrderState } from '../../src/order/order';
import { DomainError } from '../../src/platform/domain-error';

/** Given/when/then of the order's deciders: order 42 placed from two items (A: 2 × 42.00 on slot 7,
 * B: 1 × 5.00), the events its payment records, and what a refusal looks like. */

export const orderId = 42;
export const checkoutId = '5a0b2c3d-1e2f-5a4b-8c6d-7e8f9a0b1c2d';
export const basketId = '00000000-0000-4000-8000-000000000001';
export const A = '00000000-0000-4000-8000-00000000000a';
export const B = '00000000-0000-4000-8000-00000000000b';
export const C = '00000000-0000-4000-8000-00000000000c';

export const chf = (amount: number) => ({ amount, currency: 'CHF' as const });

/** an item of product 103 (adult definition 1031) at `amount` a place */
export const orderItem = (
  itemId: string,
  amount: number,
  quantity: number,
  slotId: number | null = null,
): OrderItemRecord => ({
  itemId,
  parentItemId: null,
  originItemId: null,
  productId: 103,
  productDefinitionId: 1031,
  slotId,
  validity: null,
  quantity,
  attributes: {},
  personalization: null,
  unitPrice: { amount, currency: 'CHF', source: 'pricing' },
  price: { amount: amount * quantity, currency: 'CHF' },
});

export const placeData: PlaceOrderData = {
  orderId,
  checkoutId,
  basketId,
  accountId: 'acc-1',
  refno: 'AP-0000042-6',
  items: [orderItem(A, 4200, 2, 7), orderItem(B, 500, 1)],
  comment: null,
  addresses: { shippingAddressId: null, billingAddressId: null },
};

/** the order as placeData places it: CHF 89.00 */
export const placedEvent: OrderEvent = {
  type: 'OrderPlaced',
  data: { ...placeData, type: 'ONE_TIME', total: chf(8900) },
};
export const reserved: OrderEvent = { type: 'OrderReserved', data: { orderId, method: 'ON_SITE' } };
export const pending: OrderEvent = { type: 'OrderPaymentStarted', data: { orderId, method: 'CARD' } };
export const paid: OrderEvent = {
  type: 'OrderPaid',
  data: { orderId, method: 'ON_SITE', confirmedBy: 'staff-1' },
};
export const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'PAYMENT_TIMEOUT' } };

export const given = (...events: OrderEvent[]): OrderState => events.reduce(evolveOrder, initialOrderState());

/** The DomainError a decision throws; a decision that throws nothing fails the test. */
export function refusalOf(decision: () => unknown): DomainError {
  try {
    decision();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

/** The naming rules' facts of the items' product 103 (adult definition 1031) on 20 December 2030: person
 * 5 an adult, 6 a child of 9, both of the order's account. */
export function namingFacts(media: Medium[] = ['SWISSPASS']): NamingFacts {
  const facts = emptyFacts(new Date('2030-12-20T12:00:00Z'));
  const window = { earliestDaysBefore: null, latestMinutesBeforeStart: null };
  facts.products.set(103, {
    id: 103,
    kind: 'TIME_SLOT',
    timezone: 'Europe/Zurich',
    hasValidity: false,
    media,
    bookingWindow: window,
    availabilityRanges: [],
    definitionIds: [1031],
  });
  facts.definitions.set(1031, {
    id: 1031,
    productId: 103,
    attributes: { age: 'adult' },
    basePrice: 4200,
    requiredDefinitions: [],
    ageRange: { minAge: 16, maxAge: 64 },
  });
  facts.persons.set(5, { personId: 5, birthdate: '1990-01-01' });
  facts.persons.set(6, { personId: 6, birthdate: '2021-03-01' });
  return facts;
}
