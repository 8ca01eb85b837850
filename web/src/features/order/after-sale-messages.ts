import { defineMessage, defineMessages } from 'react-intl';

/** Tickets, documents, self-cancel and refunds on the order page (docs/tickets.md, docs/after-sale.md). */
export const afterSaleMessages = {
  ...defineMessages({
    ticketsHeading: { id: 'order.tickets.heading', defaultMessage: 'Your tickets' },
    ticketsIssuing: { id: 'order.tickets.issuing', defaultMessage: 'Your tickets are being issued…' },
    ticketsNone: { id: 'order.tickets.none', defaultMessage: 'This order has no tickets.' },
    VALID: { id: 'order.tickets.valid', defaultMessage: 'Valid' },
    BLOCKED: { id: 'order.tickets.blocked', defaultMessage: 'Blocked' },
    CANCELLED: { id: 'order.tickets.cancelled', defaultMessage: 'Cancelled' },
    blockTicket: { id: 'order.tickets.block', defaultMessage: 'Lost? Block this ticket' },
    blockQuestion: { id: 'order.tickets.blockQuestion', defaultMessage: 'Block this ticket?' },
    blockExplained: {
      id: 'order.tickets.blockExplained',
      defaultMessage: 'A blocked ticket no longer opens the gates. Only our staff can unblock it.',
    },
    blockConfirm: { id: 'order.tickets.blockConfirm', defaultMessage: 'Yes, block the ticket' },
    blockKeep: { id: 'order.tickets.blockKeep', defaultMessage: 'No, keep it' },
    blockFailed: {
      id: 'order.tickets.blockFailed',
      defaultMessage: 'The ticket could not be blocked. Please try again.',
    },
    documentsHeading: { id: 'order.documents.heading', defaultMessage: 'Documents' },
    downloadTickets: { id: 'order.documents.tickets', defaultMessage: 'Download tickets (PDF)' },
    downloadReceipt: { id: 'order.documents.receipt', defaultMessage: 'Download receipt (PDF)' },
    TICKETS_NOT_ISSUED: {
      id: 'order.documents.ticketsNotIssued',
      defaultMessage: 'Your tickets are not issued yet. Please try again in a moment.',
    },
    RECEIPT_NOT_AVAILABLE: {
      id: 'order.documents.receiptNotAvailable',
      defaultMessage: 'The receipt is available once the order is paid.',
    },
    documentFailed: {
      id: 'order.documents.failed',
      defaultMessage: 'The document could not be opened. Please try again.',
    },
    cancelHeading: { id: 'order.cancel.heading', defaultMessage: 'Cancel items' },
    cancelIntro: {
      id: 'order.cancel.intro',
      defaultMessage: 'Choose what you want to cancel. You get back what it cost.',
    },
    cancelWhole: { id: 'order.cancel.whole', defaultMessage: 'A reservation is cancelled as a whole.' },
    cancelItems: { id: 'order.cancel.items', defaultMessage: 'Items' },
    refundHeading: { id: 'order.cancel.refundTo', defaultMessage: 'Refund to' },
    refundToPayment: { id: 'order.cancel.refundToPayment', defaultMessage: 'My original payment' },
    refundToCredit: {
      id: 'order.cancel.refundToCredit',
      defaultMessage: 'My online credit (usable for my next orders)',
    },
    reasonLabel: { id: 'order.cancel.reason', defaultMessage: 'Reason (optional)' },
    cancelSubmit: { id: 'order.cancel.submit', defaultMessage: 'Cancel the chosen items' },
    cancelling: { id: 'order.cancel.cancelling', defaultMessage: 'Cancelling…' },
    cancelNothing: { id: 'order.cancel.nothing', defaultMessage: 'Please choose at least one item.' },
    cancelDone: { id: 'order.cancel.done', defaultMessage: 'The items have been cancelled.' },
    CANCELLATION_CUTOFF_PASSED: {
      id: 'order.cancel.cutoffPassed',
      defaultMessage:
        'These items can no longer be cancelled online: the cancellation deadline has passed. Please contact the ticket desk.',
    },
    RESERVATION_CANCELLED_AS_A_WHOLE: {
      id: 'order.cancel.reservationWhole',
      defaultMessage: 'A reservation can only be cancelled as a whole: please choose every item.',
    },
    ORDER_ITEM_ALREADY_CANCELLED: {
      id: 'order.cancel.alreadyCancelled',
      defaultMessage: 'One of these items is already cancelled.',
    },
    ORDER_NOT_PAID: {
      id: 'order.cancel.notPaid',
      defaultMessage: 'This order is not paid, so it cannot be cancelled here.',
    },
    ORDER_CANCELLED: {
      id: 'order.cancel.orderCancelled',
      defaultMessage: 'This order is already cancelled.',
    },
    ONLINE_CREDIT_NEEDS_ACCOUNT: {
      id: 'order.cancel.creditNeedsAccount',
      defaultMessage: 'Online credit needs an account. Please choose your original payment.',
    },
    ONLINE_CREDIT_UNAVAILABLE: {
      id: 'order.cancel.creditUnavailable',
      defaultMessage: 'Online credit is not available. Please choose your original payment.',
    },
    cancelFailed: {
      id: 'order.cancel.failed',
      defaultMessage: 'The items could not be cancelled. Please try again.',
    },
    refundsHeading: { id: 'order.refunds.heading', defaultMessage: 'Refunds' },
    CARD: { id: 'order.refunds.toCard', defaultMessage: 'to your original payment' },
    ONLINE_CREDIT: { id: 'order.refunds.toCredit', defaultMessage: 'to your online credit' },
    ON_SITE: { id: 'order.refunds.onSite', defaultMessage: 'paid out at the ticket desk' },
    VOUCHER: { id: 'order.refunds.toVoucher', defaultMessage: 'back onto your voucher' },
    PENDING: { id: 'order.refunds.pending', defaultMessage: 'in progress' },
    FAILING: { id: 'order.refunds.failing', defaultMessage: 'delayed, we keep trying' },
    FAILED: { id: 'order.refunds.failed', defaultMessage: 'our staff will contact you' },
    COMPLETED: { id: 'order.refunds.completed', defaultMessage: 'done' },
    itemCancelled: { id: 'order.item.cancelled', defaultMessage: 'Cancelled' },
  }),
  ticketPerson: defineMessage<{ product: string; index: number; count: number }>(
    { id: 'order.tickets.person', defaultMessage: '{product}, person {index} of {count}' },
    { typed: true },
  ),
  ticketHolder: defineMessage<{ product: string; holder: string }>(
    { id: 'order.tickets.holder', defaultMessage: '{product}, {holder}' },
    { typed: true },
  ),
  ticketDay: defineMessage<{ day: string }>(
    { id: 'order.tickets.day', defaultMessage: 'valid on {day}' },
    { typed: true },
  ),
  refundLine: defineMessage<{ amount: string; destination: string; status: string }>(
    { id: 'order.refunds.line', defaultMessage: '{amount} {destination}: {status}' },
    { typed: true },
  ),
  itemRefunded: defineMessage<{ amount: string }>(
    { id: 'order.item.refunded', defaultMessage: '{amount} refunded' },
    { typed: true },
  ),
  /** syncAxessUsedTickets: a gate saw the ticket's keycard; a used ticket can no longer be blocked or refunded */
  ticketUsed: defineMessage<{ when: string }>(
    { id: 'order.tickets.used', defaultMessage: 'Used on {when}' },
    { typed: true },
  ),
};
