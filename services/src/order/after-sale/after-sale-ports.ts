import type { CreditReasonCode, EventMetadata, Money } from '@alpenpass/contracts';

/**
 * What the after-sale steps need from contexts that are built elsewhere (docs/after-sale.md, "Ports").
 * Each call must be idempotent: the refund and cancellation workflows run them at least once.
 */

/** Pays a refund back onto the card payment's provider transaction (a credit). */
export interface CardRefunds {
  /** `idempotencyKey` credit-<orderId>-<refundId>: a retry or a twin request credits once */
  credit(request: {
    transactionId: string;
    refno: string;
    amount: Money;
    idempotencyKey: string;
  }): Promise<{ reference: string }>;
}

/** The account's online credit (§3 Online credit; the online-credit context's ledger). */
export interface OnlineCredit {
  credit(
    accountId: string,
    amount: Money,
    reason: CreditReasonCode,
    idempotencyKey: string,
  ): Promise<{ reference: string }>;
}

/** Gives a refund's part back onto the gift voucher that paid it (the voucher context). */
export interface VoucherRefunds {
  restore(code: string, amountMinor: number, restoreKey: string): Promise<unknown>;
}

/** Tickets of cancelled items stop being valid (the ticket context). */
export interface TicketCancellation {
  cancelTicketsOfItems(orderId: number, orderItemIds: string[]): Promise<unknown>;
  /** the items whose tickets a gate reported used (syncAxessUsedTickets): no refund for them */
  usedItemIds(orderId: number): Promise<string[]>;
}

/** The person an order item is for, on its tickets (the tickets context; docs/after-sale.md, "Assigning a person"). */
export interface TicketAssignment extends Pick<TicketCancellation, 'usedItemIds'> {
  /** the item's tickets carry the person the order names for it now: those issued change, those issued later carry it. Idempotent. */
  assignTicketsOfItem(
    orderId: number,
    orderItemId: string,
    metadata: Partial<EventMetadata>,
  ): Promise<unknown>;
}

/** Cancellation and refund mails (the order-mail context). */
export interface AfterSaleMails {
  sendCancellationMail(input: { orderId: number; cancellationId: number; itemIds: string[] }): Promise<void>;
  sendRefundMail(input: { orderId: number; refundId: number }): Promise<void>;
}

/** No card provider configured (card payments answer 503): there is no card payment to credit. */
export const cardRefundsNotWired: CardRefunds = {
  async credit() {
    throw new Error('card refunds need the payment provider (PSP_BASE_URL)');
  },
};
