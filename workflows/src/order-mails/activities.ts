import { log } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';

export const orderMailKinds = ['reservation', 'confirmation', 'cancellation', 'refund'] as const;
export type OrderMailKind = (typeof orderMailKinds)[number];

/** Which of an order's mails go out (§5 admin order create: each defaults to true). A cancellation
 * mail follows sendRefundMail: staff who keep the refund mail back keep the cancellation back too. */
export interface OrderMailOptions {
  sendReservationMail?: boolean;
  sendConfirmationMail?: boolean;
  sendRefundMail?: boolean;
}

/** One mail about one business event of an order. `eventKey` names the event (a cancellation or
 * refund id; 'reserved'/'paid' for the order's one reservation and confirmation): the same order,
 * kind and key always give the same Message-ID, and it is sent at most once. */
export interface OrderMailRequest {
  orderId: number;
  kind: OrderMailKind;
  eventKey?: string;
  /** what the cancellation or refund mail lists: the order items concerned and the amount refunded
   * in minor units (CHF rappen); whether the refund went to online credit */
  details?: { itemIds?: string[]; refundedAmount?: number; onlineCredit?: boolean };
  options?: OrderMailOptions;
  /** send to this address in this language instead of the order's customer (e.g. an admin order) */
  recipient?: { email: string; language: 'de' | 'en' | 'fr' };
}

export type OrderMailOutcome = 'sent' | 'already-sent' | 'not-requested' | 'no-recipient' | 'unknown-order';

export interface OrderMailDependencies {
  /** idempotent: renders, sends over SMTP and records the Message-ID (services/src/order-mail) */
  sendOrderMail: (request: OrderMailRequest) => Promise<OrderMailOutcome>;
}

export type OrderMailActivities = ReturnType<typeof createOrderMailActivities>;

/** The mail activity of the checkout workflow, and of any workflow that mails about an order (the
 * refund workflow calls it with kind 'cancellation' or 'refund'). */
export function createOrderMailActivities(dependencies: OrderMailDependencies) {
  return {
    async sendOrderMail(request: OrderMailRequest): Promise<OrderMailOutcome> {
      let outcome: OrderMailOutcome;
      try {
        outcome = await dependencies.sendOrderMail(request);
      } catch (error) {
        // a permanent SMTP refusal (5xx: unknown mailbox, rejected sender) fails the same way on every retry
        const responseCode = (error as { responseCode?: unknown }).responseCode;
        if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600) {
          throw ApplicationFailure.nonRetryable(
            `the mail relay refused the ${request.kind} mail of order ${request.orderId}: ${(error as Error).message}`,
            'MailRefused',
          );
        }
        throw error;
      }
      log.info('order mail', { orderId: request.orderId, kind: request.kind, outcome });
      return outcome;
    },
  };
}
