import type { SavedCard } from '../../src/features/checkout/checkout-types';

/** §3 Payment detail as GET /payments/payment-details answers it: an active Visa, changed by `overrides`. */
export const savedCard = (overrides: Partial<SavedCard> = {}): SavedCard => ({
  id: 5,
  default: true,
  status: 'ACTIVE',
  type: 'CARD',
  brand: 'VIS',
  masked: '424242xxxxxx4242',
  expiryMonth: '12',
  expiryYear: '30',
  blockedReason: null,
  ...overrides,
});
