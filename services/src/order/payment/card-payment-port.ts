import {
  checkoutErrorCodes,
  type Money,
  type NewPaymentCode,
  type PaymentRedirectUrls,
  type PaymentThemeConfiguration,
} from '@alpenpass/contracts';
import { unavailable } from '../../platform/domain-error';
import type { CardPaymentOutcome, SavedCard } from '../../payment-provider';

export type { CardPaymentOutcome };

/** What the checkout asks of the card payment provider (Datatrans-like; its client: services/src/payment-provider/). */
export interface CardPaymentRequest {
  orderId: number;
  refno: string;
  amount: Money;
  /** the order's card payments so far + 1: each attempt is a provider transaction of its own */
  attempt: number;
  payment: NewCardPayment;
}

/** A card payment on the provider's page: the methods offered there (§9 new-payment codes; CARD is every
 * card brand), whether the card is kept as a payment detail, and what the page shows. */
export interface NewCardPayment {
  methods: NewPaymentCode[];
  saveAlias: boolean;
  redirectUrls: PaymentRedirectUrls;
  /** PAP: the fraud-check session of the customer's device */
  fraudSessionId?: string;
  theme?: PaymentThemeConfiguration;
}

export interface CardPaymentStarted {
  /** the provider's transaction id: its webhook and status calls name it */
  transactionId: string;
  /** where the SPA sends the customer to enter their card */
  redirectUrl: string;
}

/** Where a provider transaction stands, as the checkout needs it. */

/** A charge on a card the customer saved (intent existing): authorized at once, no page to visit. */
export interface SavedCardChargeRequest {
  orderId: number;
  refno: string;
  amount: Money;
  attempt: number;
  card: SavedCard;
}

export interface SettleRequest {
  orderId: number;
  refno: string;
  amount: Money;
}

/** Why a transaction is cancelled; names its idempotency key <step>-<orderId>-<transactionId>, so a
 * refused cancel (stored by the provider under its key) does not answer a later one of another step. */
export type CancelStep = 'cancel' | 'release';

/** The port the card provider plugs into. The provider's notification is a hint only: the checkout
 * asks `outcome` before it acts (card-payment-reconciler.ts). Every call is idempotent. */
export interface PaymentProvider {
  startCardPayment(request: CardPaymentRequest): Promise<CardPaymentStarted>;
  /** refused with a DomainError PAYMENT_DECLINED when the issuer declines the saved card */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<{ transactionId: string }>;
  /** the card of a transaction, when the customer asked to save it (saveAlias) */
  savedCard(transactionId: string): Promise<SavedCard | undefined>;
  outcome(transactionId: string): Promise<CardPaymentOutcome>;
  /** the customer can still pay on the transaction's page: it waits for them (or their 3-D Secure check)
   * and has not expired */
  isPageOpen(transactionId: string): Promise<boolean>;
  /** captures an authorized payment (idempotency key settle-<orderId>) */
  settle(transactionId: string, request: SettleRequest): Promise<void>;
  /** cancels an open or authorized transaction the shop will not use (the customer starts another
   * attempt, or the order was cancelled meanwhile); refused once the transaction ended otherwise */
  cancelTransaction(transactionId: string, orderId: number, step?: CancelStep): Promise<void>;
}

const notWired = () =>
  unavailable(
    checkoutErrorCodes.paymentProviderUnavailable,
    'Card payments are not available; please choose payment on site.',
  );

/** No provider configured (outside development until PSP_BASE_URL is set): 503, never a pretend payment. */
export const unwiredPaymentProvider: PaymentProvider = {
  async startCardPayment() {
    throw notWired();
  },
  async chargeSavedCard() {
    throw notWired();
  },
  async savedCard() {
    throw notWired();
  },
  async outcome() {
    throw notWired();
  },
  async isPageOpen() {
    throw notWired();
  },
  async settle() {
    throw notWired();
  },
  async cancelTransaction() {
    throw notWired();
  },
};
