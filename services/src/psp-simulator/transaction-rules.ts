import { randomBytes } from 'node:crypto';
import type {
  AuthorizeWithAliasRequest,
  CreditRequest,
  InitTransactionRequest,
  ProviderPaymentMethod,
  SettleRequest,
} from '@alpenpass/contracts';
import { providerPaymentMethods } from '@alpenpass/contracts';
import type { SimulatedCard, SimulatedTransaction } from './simulated-transaction';
import { SimulatorError } from './simulator-error';
import { testCardFor } from './test-cards';

/** Pure rules of the simulated provider: each takes a transaction and returns the next one, or throws. */

export const newTransactionId = (): string =>
  String(BigInt(`0x${randomBytes(7).toString('hex')}`) + 200_000_000_000_000_000n);
const newAuthorizationCode = (): string => String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000));
export const newAlias = (): string => randomBytes(14).toString('hex');

const entry = (action: string, success: boolean, now: Date, amount?: number) => ({
  action,
  success,
  date: now.toISOString(),
  ...(amount !== undefined ? { amount } : {}),
});

export function initialized(
  merchantId: string,
  request: InitTransactionRequest,
  now: Date,
): SimulatedTransaction {
  return {
    transactionId: newTransactionId(),
    merchantId,
    type: 'payment',
    status: 'initialized',
    currency: request.currency,
    refno: request.refno,
    amount: request.amount,
    paymentMethods: request.paymentMethods ?? [...providerPaymentMethods],
    autoSettle: request.autoSettle ?? false,
    createAlias: request.option?.createAlias ?? false,
    redirect: request.redirect,
    ...(request.webhook ? { webhookUrl: request.webhook.url } : {}),
    creditedAmount: 0,
    expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
    history: [entry('init', true, now, request.amount)],
  };
}

export type PageOutcome = 'success' | 'decline' | 'cancel' | 'error' | 'challenge';

/** The customer's choice on the hosted page (or the end of a 3-D Secure challenge). */
export function chosen(
  transaction: SimulatedTransaction,
  method: ProviderPaymentMethod,
  outcome: PageOutcome,
  now: Date,
): SimulatedTransaction {
  if (transaction.status !== 'initialized' && transaction.status !== 'challenge_ongoing') {
    throw SimulatorError.invalidStatus(transaction.status, 'pay');
  }
  if (!transaction.paymentMethods.includes(method))
    throw SimulatorError.invalidProperty(`payment method ${method} not offered`);
  const card = testCardFor(method);
  const base = { ...transaction, paymentMethod: method, ...(card ? { card } : {}) };
  switch (outcome) {
    case 'success':
      return authorized(base, transaction.amount, now);
    case 'challenge':
      if (!card) throw SimulatorError.invalidProperty('3-D Secure applies to cards only');
      return {
        ...base,
        status: 'challenge_ongoing',
        history: [...transaction.history, entry('authenticate', true, now)],
      };
    case 'decline':
      return failed(base, 'declined', 'declined by the issuer', now);
    case 'error':
      return failed(base, 'error', 'technical error at the acquirer', now);
    case 'cancel':
      return { ...base, status: 'canceled', history: [...transaction.history, entry('cancel', true, now)] };
  }
}

export function failedChallenge(transaction: SimulatedTransaction, now: Date): SimulatedTransaction {
  if (transaction.status !== 'challenge_ongoing')
    throw SimulatorError.invalidStatus(transaction.status, 'authenticate');
  return failed(transaction, 'authentication_failed', '3-D Secure authentication failed', now);
}

function authorized(transaction: SimulatedTransaction, amount: number, now: Date): SimulatedTransaction {
  const card: SimulatedCard | undefined =
    transaction.card && transaction.createAlias && !transaction.card.alias
      ? { ...transaction.card, alias: newAlias() }
      : transaction.card;
  const next: SimulatedTransaction = {
    ...transaction,
    ...(card ? { card } : {}),
    status: 'authorized',
    authorizedAmount: amount,
    acquirerAuthorizationCode: newAuthorizationCode(),
    history: [...transaction.history, entry('authorize', true, now, amount)],
  };
  return transaction.autoSettle
    ? {
        ...next,
        status: 'settled',
        settledAmount: amount,
        history: [...next.history, entry('settle', true, now, amount)],
      }
    : next;
}

function failed(
  transaction: SimulatedTransaction,
  reason: string,
  message: string,
  now: Date,
): SimulatedTransaction {
  return {
    ...transaction,
    status: 'failed',
    fail: { reason, message },
    history: [...transaction.history, entry('authorize', false, now)],
  };
}

function sameCurrency(transaction: SimulatedTransaction, currency: string): void {
  if (currency !== transaction.currency)
    throw SimulatorError.invalidProperty(`currency must be ${transaction.currency}`);
}

export function settled(
  transaction: SimulatedTransaction,
  request: SettleRequest,
  now: Date,
): SimulatedTransaction {
  if (transaction.status !== 'authorized') throw SimulatorError.invalidStatus(transaction.status, 'settle');
  sameCurrency(transaction, request.currency);
  if (request.amount > (transaction.authorizedAmount ?? 0))
    throw SimulatorError.invalidProperty('amount exceeds the authorized amount');
  return {
    ...transaction,
    status: 'settled',
    settledAmount: request.amount,
    history: [...transaction.history, entry('settle', true, now, request.amount)],
  };
}

export function canceled(transaction: SimulatedTransaction, now: Date): SimulatedTransaction {
  if (transaction.status !== 'authorized' && transaction.status !== 'initialized')
    throw SimulatorError.invalidStatus(transaction.status, 'cancel');
  return {
    ...transaction,
    status: 'canceled',
    history: [...transaction.history, entry('cancel', true, now)],
  };
}

/** A refund: bounded by what was settled minus what was refunded already. Returns the payment and the credit. */
export function credited(
  transaction: SimulatedTransaction,
  request: CreditRequest,
  now: Date,
): { payment: SimulatedTransaction; credit: SimulatedTransaction } {
  if (
    transaction.type !== 'payment' ||
    (transaction.status !== 'settled' && transaction.status !== 'transmitted')
  ) {
    throw SimulatorError.invalidStatus(transaction.status, 'credit');
  }
  sameCurrency(transaction, request.currency);
  const refundable = (transaction.settledAmount ?? 0) - transaction.creditedAmount;
  if (request.amount > refundable)
    throw SimulatorError.invalidProperty(`amount exceeds the refundable ${refundable}`);
  const credit: SimulatedTransaction = {
    ...transaction,
    transactionId: newTransactionId(),
    type: 'credit',
    status: 'settled',
    refno: request.refno,
    amount: request.amount,
    authorizedAmount: request.amount,
    acquirerAuthorizationCode: newAuthorizationCode(),
    settledAmount: request.amount,
    creditedAmount: 0,
    parentTransactionId: transaction.transactionId,
    redirect: undefined,
    history: [entry('credit', true, now, request.amount)],
  };
  const payment: SimulatedTransaction = {
    ...transaction,
    creditedAmount: transaction.creditedAmount + request.amount,
    history: [...transaction.history, entry('credit', true, now, request.amount)],
  };
  return { payment, credit };
}

/** A merchant-initiated payment with a saved alias: authorized at once, no customer present. */
export function authorizedWithAlias(
  merchantId: string,
  card: SimulatedCard,
  request: AuthorizeWithAliasRequest,
  now: Date,
): SimulatedTransaction {
  if (card.expiryMonth !== request.card.expiryMonth || card.expiryYear !== request.card.expiryYear) {
    throw SimulatorError.invalidProperty('card expiry does not match the alias');
  }
  const transaction: SimulatedTransaction = {
    transactionId: newTransactionId(),
    merchantId,
    type: 'payment',
    status: 'initialized',
    currency: request.currency,
    refno: request.refno,
    amount: request.amount,
    paymentMethods: [card.brand as ProviderPaymentMethod],
    paymentMethod: card.brand as ProviderPaymentMethod,
    autoSettle: request.autoSettle ?? false,
    createAlias: false,
    card,
    creditedAmount: 0,
    expiresAt: now.toISOString(),
    history: [entry('init', true, now, request.amount)],
  };
  return authorized(transaction, request.amount, now);
}
