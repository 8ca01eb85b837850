import { findProduct } from '@alpenpass/projections/src/catalogue';
import type { OrderMailDependencies } from '@alpenpass/workflows';
import type { ActivityLender, ContextDeps, ContextModule } from '../platform/context-module';
import { loadMailSettings, type MailSettings } from '../platform/mail/mail-settings';
import { createSmtpMailer, type Mailer } from '../platform/mail/mailer';
import { shopLookOf } from '../channel';
import type { ShopLookSource } from '../platform/look/shop-look';
import { createOrderMailService, type OrderMailService } from './order-mail-service';
import {
  accountRecipients,
  checkoutConditionRecipients,
  firstRecipient,
  type AccountContacts,
  type OrderMailRecipients,
} from './recipients';
import { noTicketAttachmentsYet, type TicketAttachments } from './ticket-attachments';
import { orderPageLink } from './order-page-link';
import { orderReaderOf } from '../order';

export { createOrderMailService, orderMailMessageId, type OrderMailService } from './order-mail-service';
export { afterSaleMailsOf } from './after-sale-mails';
export type { AccountContacts, OrderMailRecipient, OrderMailRecipients } from './recipients';
export type { MailAttachment, TicketAttachments } from './ticket-attachments';

export interface OrderMailOptions {
  /** default: SMTP_URL and MAIL_FROM from the environment */
  settings?: MailSettings;
  /** default: SMTP to SMTP_URL from MAIL_FROM */
  mailer?: Mailer;
  /** the tickets context's PDFs for the confirmation mail (default: none yet) */
  ticketAttachments?: TicketAttachments;
  /** the accounts' e-mail and language (the sign-in issue); without it only the checkout conditions name a recipient */
  accountContacts?: AccountContacts;
  /** replaces the whole recipient lookup */
  recipients?: OrderMailRecipients;
  /** default: the configured channel's branding */
  look?: ShopLookSource;
}

/** Order mails (docs/mails.md): reservation, confirmation, cancellation and refund, sent by the worker's
 * `sendOrderMail` activity, each at most once per event. */
export function orderMailContext(
  deps: ContextDeps,
  options: OrderMailOptions = {},
): ContextModule & ActivityLender<OrderMailDependencies> & { mails: OrderMailService } {
  const settings = options.settings ?? loadMailSettings();
  const orders = orderReaderOf(deps);
  const recipients =
    options.recipients ??
    firstRecipient(
      ...(options.accountContacts ? [accountRecipients(options.accountContacts)] : []),
      checkoutConditionRecipients(orders),
    );
  const mails = createOrderMailService({
    orders,
    knex: deps.knex,
    mailer: options.mailer ?? createSmtpMailer(settings),
    recipients,
    ticketAttachments: options.ticketAttachments ?? noTicketAttachmentsYet,
    describeItems: orders.describeItems,
    productKind: async (productId) => (await findProduct(deps.knex, productId))?.kind ?? null,
    orderPageUrl: orderPageLink(deps.config.shopPublicUrl, orders),
    messageIdDomain: settings.messageIdDomain,
    look: options.look ?? shopLookOf(deps),
    log: deps.log,
  });
  return {
    name: 'order-mail',
    activityDependencies: { sendOrderMail: (request) => mails.sendOrderMail(request) },
    mails,
  };
}
