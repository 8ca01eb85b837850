import { randomUUID } from 'node:crypto';
import { resolveLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import type { ShopLook } from '../platform/look/shop-look';
import { mailFooterText } from '../platform/look/contact-footer';
import { renderBrandedMail } from '../platform/mail/branded-mail';
import type { MailMessage } from '../platform/mail/mailer';
import { identityTexts, type IdentityTexts } from './texts';

const messageId = () => `<${randomUUID()}@alpenpass.local>`;

/** A mail with one link: the text as written, the HTML in the shop's look with the link as a button
 * and, for clients that show no buttons, written out below it. */
async function linkMail(
  to: string,
  language: Language,
  texts: IdentityTexts['mails'][keyof IdentityTexts['mails']],
  link: string,
  look: ShopLook,
): Promise<MailMessage> {
  // the texts name the shop as {shop}: the channel's name
  const named = (text: string) => text.replaceAll('{shop}', look.name);
  const subject = named(texts.subject);
  const intro = named(texts.intro);
  const { outro, action } = texts;
  const html = await renderBrandedMail(
    {
      language,
      title: subject,
      preview: intro,
      blocks: [
        { kind: 'text', text: intro },
        { kind: 'button', label: action, url: link },
        { kind: 'link', url: link },
        { kind: 'text', text: outro },
      ],
    },
    look,
  );
  return {
    to,
    subject,
    messageId: messageId(),
    text: [intro, '', link, '', outro, '', ...mailFooterText(look, language), ''].join('\n'),
    html,
  };
}

/** The provider's mails in the user's language (`identity_users.locale`: chosen at registration, changed with the account's language). */
const mail =
  (kind: keyof IdentityTexts['mails']) =>
  (to: string, link: string, language: Language | string, look: ShopLook) => {
    const resolved = resolveLanguage(language);
    return linkMail(to, resolved, identityTexts[resolved].mails[kind], link, look);
  };

export const identityMails = {
  verifyEmail: mail('verifyEmail'),
  alreadyRegistered: mail('alreadyRegistered'),
  magicLink: mail('magicLink'),
  resetPassword: mail('resetPassword'),
};
