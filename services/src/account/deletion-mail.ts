import type { AccountOpenOrdersDto, Language } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { ShopLookSource } from '../platform/look/shop-look';
import { brandedMailText, renderBrandedMail, type BrandedMail } from '../platform/mail/branded-mail';
import type { Mailer } from '../platform/mail/mailer';
import { sendOnce } from '../platform/mail/sent-mails';
import { deletionMailTexts } from './deletion-mail-texts';
import { erasedMarker } from './erasure';

type OpenOrder = AccountOpenOrdersDto['items'][number];

export interface DeletionMailDeps {
  knex: Knex;
  mailer: Mailer;
  look: ShopLookSource;
  /** the right-hand side of the Message-ID (MAIL_FROM's domain) */
  messageIdDomain: string;
}

/** CHF in the language's Swiss format, as the order mails write it */
const chf = (amount: number, language: Language) => {
  const value = (amount / 100).toFixed(2);
  return language === 'fr' ? `${value}\u00a0CHF` : `CHF ${value}`;
};

export function deletionMail(language: Language, openOrders: OpenOrder[]): BrandedMail {
  const texts = deletionMailTexts[language];
  return {
    language,
    title: texts.subject,
    preview: texts.intro,
    blocks: [
      { kind: 'text', text: texts.intro },
      ...(openOrders.length === 0
        ? [{ kind: 'text' as const, text: texts.noOpenOrders }]
        : [
            { kind: 'text' as const, text: texts.openOrders(openOrders.length), strong: true },
            {
              kind: 'table' as const,
              table: {
                headers: [texts.columns.order, texts.columns.status, texts.columns.total],
                rows: openOrders.map((order) => [
                  order.refno,
                  texts.status[order.status],
                  chf(order.total.amount, language),
                ]),
                numeric: [2],
              },
            },
            { kind: 'text' as const, text: texts.whatHappens },
          ]),
      { kind: 'text', text: texts.tickets },
      { kind: 'text', text: texts.outro },
    ],
  };
}

/**
 * The confirmation that the account is erased, to the address it had, sent before the address is erased
 * and at most once (Message-ID `account-<id>.erased`). The sent-mails record keeps no address: it says
 * ERASED, so that the erasure leaves nothing of it behind.
 */
export async function sendDeletionMail(
  deps: DeletionMailDeps,
  mail: { accountId: string; to: string; language: Language; openOrders: OpenOrder[] },
): Promise<'sent' | 'already-sent'> {
  const messageId = `<account-${mail.accountId}.erased@${deps.messageIdDomain}>`;
  return sendOnce(
    deps.knex,
    { messageId, orderId: null, kind: 'account-erased', recipient: erasedMarker, language: mail.language },
    async () => {
      const content = deletionMail(mail.language, mail.openOrders);
      const look = await deps.look();
      await deps.mailer.send({
        to: mail.to,
        subject: content.title,
        text: brandedMailText(content, look),
        html: await renderBrandedMail(content, look),
        messageId,
      });
    },
  );
}
