import { randomUUID } from 'node:crypto';
import {
  creditAmount,
  creditReason,
  creditReasonText,
  onlineCreditStreamName,
  type CreditReasonCode,
  type EventMetadata,
  type OnlineCreditDto,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { parseInput } from '../platform/http/validate';
import { decideLedger, ledgerFolder, type LedgerEventWithTime, type LedgerState } from './ledger';

/** A booking's reason: the shop's own as a code (shown in the customer's language), staff's as free text. */
export type CreditBookingReason = CreditReasonCode | string;

/**
 * The port refunds and payments call (docs/discounts.md, "Online credit"): credit and debit an
 * account's online credit, idempotent per key. A debit above the balance is refused (409
 * INSUFFICIENT_ONLINE_CREDIT); concurrent debits never spend the same credit twice.
 */
export interface OnlineCreditPort {
  credit(
    accountId: string,
    amountMinor: number,
    reason: CreditBookingReason,
    idempotencyKey: string,
    metadata?: Partial<EventMetadata>,
  ): Promise<OnlineCreditDto>;
  debit(
    accountId: string,
    amountMinor: number,
    reason: CreditBookingReason,
    idempotencyKey: string,
    metadata?: Partial<EventMetadata>,
  ): Promise<OnlineCreditDto>;
  balance(accountId: string): Promise<OnlineCreditDto>;
}

const portInput = z.object({
  accountId: z.string().min(1).max(64),
  amount: creditAmount,
  reason: creditReason,
  idempotencyKey: z.string().min(1).max(200),
});

function toDto(accountId: string, state: LedgerState): OnlineCreditDto {
  return {
    accountId,
    balance: { amount: state.balance, currency: 'CHF' },
    transactions: state.transactions
      .map(({ transactionId, amount, reason, reasonCode, at }) => ({
        transactionId,
        amount,
        reason,
        reasonCode,
        at,
      }))
      .reverse(),
  };
}

export function createOnlineCreditService(deps: { store: EventStore }): OnlineCreditPort {
  async function book(
    type: 'Credit' | 'Debit',
    accountId: string,
    amount: number,
    reason: CreditBookingReason,
    idempotencyKey: string,
    metadata: Partial<EventMetadata> = {},
  ) {
    // staff's free text stays as written; its kind says which way the booking went
    const reasonCode: CreditReasonCode =
      typeof reason === 'string'
        ? { kind: type === 'Credit' ? 'STAFF_TOP_UP' : 'STAFF_CORRECTION', refno: null }
        : reason;
    const text = typeof reason === 'string' ? reason : creditReasonText(reason);
    const input = {
      ...parseInput(portInput, { accountId, amount, reason: text, idempotencyKey }, 'body'),
      reasonCode,
    };
    const transactionId = randomUUID();
    // every debit appends at the ledger's expected revision: two spends of the same credit cannot both succeed
    const outcome = await handleCommand<LedgerState, LedgerEventWithTime>(
      deps.store,
      onlineCreditStreamName(accountId),
      ledgerFolder,
      (state) => decideLedger({ type, data: { ...input, transactionId } }, state),
      { actor: 'system', ...metadata },
      { maxAttempts: 100 },
    );
    return toDto(accountId, outcome.newState);
  }
  return {
    credit: (accountId, amount, reason, key, metadata) =>
      book('Credit', accountId, amount, reason, key, metadata),
    debit: (accountId, amount, reason, key, metadata) =>
      book('Debit', accountId, amount, reason, key, metadata),
    async balance(accountId) {
      return toDto(
        accountId,
        (
          await loadStreamState<LedgerState, LedgerEventWithTime>(
            deps.store,
            onlineCreditStreamName(accountId),
            ledgerFolder,
          )
        ).state,
      );
    },
  };
}
