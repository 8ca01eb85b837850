import type { ServerOrder } from './checkout-types';

/** Where a payment stands, read from the order (there is no payment status call yet). */
export type PaymentStanding = 'pending' | 'paid' | 'reserved' | 'open' | 'cancelled';

export function paymentStandingOf(order: Pick<ServerOrder, 'status'>): PaymentStanding {
  switch (order.status) {
    case 'PENDING':
      return 'pending';
    case 'PAID':
      return 'paid';
    case 'RESERVED':
      return 'reserved';
    case 'CREATED':
      return 'open';
    default:
      return 'cancelled';
  }
}

export const PAYMENT_POLL_INTERVAL_MS = 2000;
export const PAYMENT_POLL_LIMIT_MS = 60_000;
