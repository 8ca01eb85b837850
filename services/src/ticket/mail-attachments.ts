import { ticketErrorCodes, type Language } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import type { MailMessage } from '../platform/mail/mailer';
import type { TicketService } from './ticket-service';

/** The confirmation mail's attachment: the order's valid tickets as one PDF in the mail's language; an
 * order without tickets (a deposit only) gets none. The same file every time (a retried activity). */
export function ticketAttachmentsOf(tickets: Pick<TicketService, 'renderDocument'>) {
  return async (orderId: number, language: Language): Promise<NonNullable<MailMessage['attachments']>> => {
    try {
      const content = await tickets.renderDocument('tickets', orderId, language);
      return [{ filename: `tickets-${orderId}.pdf`, content, contentType: 'application/pdf' }];
    } catch (error) {
      if (error instanceof DomainError && error.code === ticketErrorCodes.ticketsNotIssued) return [];
      throw error;
    }
  };
}
