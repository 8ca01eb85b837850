import type { EventMetadata, Money } from '@alpenpass/contracts';
import type { PlatformLogger } from '../platform/event-store/event-store';

/**
 * What the after-sale steps need from contexts that are built elsewhere (docs/after-sale.md, "Ports").
 * Each call must be idempotent: the refund and cancellation workflows run them at least once.
 */

/** Pays a refund back onto the card payment's provider transaction (a credit). */
export interface CardRefunds {
  /** `idempotencyKey` credit-<orderId>-<refundId>: a retry or a twin request credits once */
  credit(request: { transactionId: string; refno: string; amount: Money; idempotencyKey: string }): Promise<{ reference: string }>;
}

/** The account's online credit (§3 Online credit; the discounts context, wip/discounts). */
export interface OnlineCredit {
  /** false until a real balance stands behind it: refunds to online credit are refused up front */
  readonly available: boolean;
  credit(accountId: string, amount: Money, reason: string, idempotencyKey: string): Promise<{ reference: string }>;
}

/** Gives a refund's part back onto the gift voucher that paid it (the voucher context). */
export interface VoucherRefunds {
  restore(code: string, amountMinor: number, restoreKey: string): Promise<unknown>;
}

/** No voucher context: a voucher part cannot be given back (the refund fails for staff to settle). */
export const voucherRefundsNotWired: VoucherRefunds = {
  async restore() {
    throw new Error('no voucher context to give the refund back to');
  },
};

/** Tickets of cancelled items stop being valid (the tickets context, wip/tickets). */
export interface TicketCancellation {
  cancelTicketsOfItems(orderId: number, orderItemIds: string[]): Promise<unknown>;
  /** the items whose tickets a gate reported used (syncAxessUsedTickets): no refund for them */
  usedItemIds?(orderId: number): Promise<string[]>;
}

/** The person an order item is for, on its tickets (the tickets context; docs/after-sale.md, "Assigning a person"). */
export interface TicketAssignment extends Pick<TicketCancellation, 'usedItemIds'> {
  /** the item's tickets carry the person the order names for it now: those issued change, those issued later carry it. Idempotent. */
  assignTicketsOfItem(orderId: number, orderItemId: string, metadata: Partial<EventMetadata>): Promise<unknown>;
}

/** Cancellation and refund mails (the mails context, wip/mails). */
export interface AfterSaleMails {
  sendCancellationMail(input: { orderId: number; cancellationId: number; itemIds: string[] }): Promise<void>;
  sendRefundMail(input: { orderId: number; refundId: number }): Promise<void>;
}

export class OnlineCreditUnavailableError extends Error {
  constructor() {
    super('online credit is not available in this shop yet');
    this.name = 'OnlineCreditUnavailableError';
  }
}

/** Until the discounts context lends its ledger: refuses, so no refund pretends to have landed. */
export const refusingOnlineCredit: OnlineCredit = {
  available: false,
  async credit() {
    throw new OnlineCreditUnavailableError();
  },
};

/** No tickets are issued before the tickets context lands, so there is none to cancel. */
export const noTicketsYet = (log: PlatformLogger): TicketCancellation => ({
  async cancelTicketsOfItems(orderId, orderItemIds) {
    log.info({ orderId, orderItemIds }, 'items cancelled: no tickets context yet, no ticket to cancel');
  },
});

/** Until the mails context lands the workflow logs what it would send. */
export const mailsNotWired = (log: PlatformLogger): AfterSaleMails => ({
  async sendCancellationMail(input) {
    log.info(input, 'cancellation mail: no mails context yet');
  },
  async sendRefundMail(input) {
    log.info(input, 'refund mail: no mails context yet');
  },
});

export const cardRefundsNotWired: CardRefunds = {
  async credit() {
    throw new Error('card refunds need the payment provider (PSP_BASE_URL)');
  },
};
