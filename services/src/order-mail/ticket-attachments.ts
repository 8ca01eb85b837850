import type { Language } from '@alpenpass/contracts';
import type { MailMessage } from '../platform/mail/mailer';

export type MailAttachment = NonNullable<MailMessage['attachments']>[number];

/**
 * The tickets a confirmation mail carries (one PDF per ticket, or one PDF of all): the ticket context
 * passes its own function as `ticketAttachments` to `orderMailContext`. Called after the checkout workflow's `fulfilOrder`, so the
 * tickets exist; it must answer the same files when called again (a retried activity).
 */
export type TicketAttachments = (orderId: number, language: Language) => Promise<MailAttachment[]>;

/** Without the tickets context (tests of the mails alone), a confirmation goes out without attachments. */
export const noTicketAttachmentsYet: TicketAttachments = async () => [];
