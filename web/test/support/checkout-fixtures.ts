import type { ConditionField } from '../../src/features/checkout/checkout-types';

/** Test data shaped like the API's JSON answers (dates as ISO text, as they arrive). */
export const CHECKOUT_ID = '2f1e6c1a-8c1b-5d7e-9a3f-0b4c5d6e7f80';
export const BASKET_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
export const ORDER_ID = 42;
export const ITEM_ID = '0d7c1b5e-1f2a-4b3c-8d9e-0a1b2c3d4e5f';

export const termsAndNote: ConditionField[] = [
  {
    kind: 'checkbox',
    name: 'acceptTerms',
    required: true,
    label: 'I accept the terms',
    labels: { en: 'I accept the terms and conditions' },
    enabled: true,
  },
  {
    kind: 'text',
    name: 'noteForStaff',
    required: false,
    label: 'Note for the staff',
    max: 500,
    enabled: true,
  },
];

export function orderJson(status: string, overrides: Record<string, unknown> = {}) {
  return {
    id: ORDER_ID,
    checkoutId: CHECKOUT_ID,
    basketId: BASKET_ID,
    status,
    paymentStatus: status === 'RESERVED' ? 'PENDING' : null,
    paymentMethod: status === 'RESERVED' ? 'ON_SITE' : null,
    paymentFailureReason: null,
    type: 'ONE_TIME',
    createdAt: '2026-11-23T12:00:00.000Z',
    updatedAt: '2026-11-23T12:00:00.000Z',
    refno: 'AP-0000042-7',
    items: [
      {
        id: ITEM_ID,
        parentItemId: null,
        originItemId: null,
        productId: 103,
        productDefinitionId: 1031,
        slotId: 7,
        validity: { from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T09:30:00.000Z' },
        quantity: 2,
        attributes: {},
        personalization: null,
        unitPrice: { amount: 3200, currency: 'CHF', source: 'pricing' },
        price: { amount: 6400, currency: 'CHF' },
      },
    ],
    total: { amount: 6400, currency: 'CHF' },
    comment: null,
    shippingAddressId: null,
    billingAddressId: null,
    accessToken: 'guest-token',
    ...overrides,
  };
}

export function checkoutJson(status = 'CREATED', values: Record<string, unknown> = {}) {
  return {
    id: CHECKOUT_ID,
    basketId: BASKET_ID,
    orderId: ORDER_ID,
    order: orderJson(status),
    total: { amount: 6400, currency: 'CHF' },
    conditions: { fields: termsAndNote, values, complete: values.acceptTerms === true },
  };
}

export const problemJson = (
  status: number,
  code: string,
  errors: { path: string; message: string }[] = [],
) => ({
  type: 'about:blank',
  title: 'Problem',
  status,
  detail: code,
  code,
  correlationId: 'test',
  errors,
});
