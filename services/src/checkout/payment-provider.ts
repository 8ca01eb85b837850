import { checkoutErrorCodes, type CheckoutPaymentBody, type Money } from '@alpenpass/contracts';
import { unavailable } from '../platform/domain-error';

/** What the checkout asks of the card payment provider (Datatrans-like; services/src/payment/provider/). */
export interface CardPaymentRequest {
  orderId: number;
  refno: string;
  amount: Money;
  /** §5 payment body: a new card payment of a type, or a saved payment detail */
  payment: CheckoutPaymentBody;
}

export interface CardPaymentStarted {
  /** the provider's transaction id: its webhook and status calls name it */
  transactionId: string;
  /** where the SPA sends the customer to enter their card */
  redirectUrl: string;
}

/** The port the card provider plugs into (the next slice). The checkout workflow then waits for the
 * provider's webhook (signed, idempotent) to confirm the order as paid. */
export interface PaymentProvider {
  startCardPayment(request: CardPaymentRequest): Promise<CardPaymentStarted>;
}

/** Until the provider's client is wired, card payments cannot start: 503, never a pretend payment. */
export const unwiredPaymentProvider: PaymentProvider = {
  async startCardPayment() {
    throw unavailable(checkoutErrorCodes.paymentProviderUnavailable, 'Card payments are not available yet; please choose payment on site.');
  },
};
