import type {
  InitTransactionRequest,
  ProviderPaymentMethod,
  TransactionStatus,
  TransactionStatusResponse,
} from '@alpenpass/contracts';

export interface SimulatedCard {
  alias?: string;
  masked: string;
  brand: string;
  expiryMonth: string;
  expiryYear: string;
}

export interface HistoryEntry {
  action: string;
  amount?: number;
  success: boolean;
  date: string;
}

/** What the simulator stores per transaction (a JSON document in its own schema). Never a card number. */
export interface SimulatedTransaction {
  transactionId: string;
  merchantId: string;
  type: 'payment' | 'credit';
  status: TransactionStatus;
  currency: string;
  refno: string;
  amount: number;
  paymentMethods: ProviderPaymentMethod[];
  autoSettle: boolean;
  createAlias: boolean;
  redirect?: InitTransactionRequest['redirect'];
  webhookUrl?: string;
  paymentMethod?: ProviderPaymentMethod;
  card?: SimulatedCard;
  acquirerAuthorizationCode?: string;
  authorizedAmount?: number;
  settledAmount?: number;
  creditedAmount: number;
  fail?: { reason: string; message: string };
  /** for a credit: the payment it refunds */
  parentTransactionId?: string;
  expiresAt: string;
  history: HistoryEntry[];
}

/** The GET /v1/transactions/{id} body, which is also what each notification carries. */
export function statusView(transaction: SimulatedTransaction): TransactionStatusResponse {
  const { card } = transaction;
  return {
    transactionId: transaction.transactionId,
    merchantId: transaction.merchantId,
    type: transaction.type,
    status: transaction.status,
    currency: transaction.currency,
    refno: transaction.refno,
    ...(transaction.paymentMethod ? { paymentMethod: transaction.paymentMethod } : {}),
    detail: {
      ...(transaction.status === 'initialized' ? { init: { expires: transaction.expiresAt } } : {}),
      ...(transaction.authorizedAmount !== undefined
        ? {
            authorize: {
              amount: transaction.authorizedAmount,
              acquirerAuthorizationCode: transaction.acquirerAuthorizationCode ?? '',
            },
          }
        : {}),
      ...(transaction.settledAmount !== undefined ? { settle: { amount: transaction.settledAmount } } : {}),
      ...(transaction.creditedAmount > 0 ? { credit: { amount: transaction.creditedAmount } } : {}),
      ...(transaction.status === 'canceled'
        ? { cancel: { reversal: transaction.authorizedAmount !== undefined } }
        : {}),
      ...(transaction.fail ? { fail: transaction.fail } : {}),
    },
    ...(card
      ? {
          card: {
            ...(card.alias ? { alias: card.alias } : {}),
            masked: card.masked,
            expiryMonth: card.expiryMonth,
            expiryYear: card.expiryYear,
            info: { brand: card.brand },
          },
        }
      : {}),
    history: transaction.history,
  };
}
