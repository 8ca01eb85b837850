import {
  creditReasonCodeOfText,
  onlineCreditErrorCodes,
  type CreditMovement,
  type CreditReasonCode,
  type OnlineCreditEvent,
} from '@alpenpass/contracts';
import { conflict } from '../platform/domain-error';

/** An account's online credit (stream onlinecredit-<accountId>): the balance is the sum of its
 * transactions and never goes below zero; every transaction is booked once per idempotency key. */
export interface CreditTransaction {
  transactionId: string;
  amount: number;
  reason: string;
  reasonCode: CreditReasonCode | null;
  idempotencyKey: string;
  at: string;
}

export interface LedgerState {
  balance: number;
  transactions: CreditTransaction[];
  byKey: Record<string, CreditTransaction>;
}

export type LedgerEventWithTime = OnlineCreditEvent & { metadata?: { at: string } };

export const initialLedger = (): LedgerState => ({ balance: 0, transactions: [], byKey: {} });

export function evolveLedger(state: LedgerState, event: LedgerEventWithTime): LedgerState {
  const { transactionId, amount, reason, reasonCode, idempotencyKey } = event.data;
  const signed = event.type === 'OnlineCreditCredited' ? amount : -amount;
  const transaction = {
    transactionId,
    amount: signed,
    reason,
    reasonCode: reasonCode ?? creditReasonCodeOfText(reason),
    idempotencyKey,
    at: event.metadata?.at ?? new Date(0).toISOString(),
  };
  return {
    balance: state.balance + signed,
    transactions: [...state.transactions, transaction],
    byKey: { ...state.byKey, [idempotencyKey]: transaction },
  };
}

export const ledgerFolder = { initialState: initialLedger, evolve: evolveLedger };

export interface LedgerCommand {
  type: 'Credit' | 'Debit';
  data: CreditMovement;
}

/** Pure: amounts are positive (the schema and the port check that); a debit above the balance is
 * refused; a repeated key answers the transaction it booked, a key reused for another booking is refused. */
export function decideLedger(command: LedgerCommand, state: LedgerState): OnlineCreditEvent[] {
  const { idempotencyKey, amount } = command.data;
  const signed = command.type === 'Credit' ? amount : -amount;
  const earlier = state.byKey[idempotencyKey];
  if (earlier) {
    if (earlier.amount === signed) return [];
    throw conflict(
      onlineCreditErrorCodes.keyReused,
      `The idempotency key ${idempotencyKey} was used for another transaction.`,
    );
  }
  if (command.type === 'Debit' && amount > state.balance) {
    throw conflict(
      onlineCreditErrorCodes.insufficient,
      `The online credit (${state.balance}) does not cover ${amount}.`,
    );
  }
  return [
    { type: command.type === 'Credit' ? 'OnlineCreditCredited' : 'OnlineCreditDebited', data: command.data },
  ];
}
