import { randomUUID } from 'node:crypto';
import { resolveLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import type { MailMessage } from '../platform/mail/mailer';
import { identityTexts, type IdentityTexts } from './texts';

const messageId = () => `<${randomUUID()}@alpenpass.local>`;
const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function linkMail(
  to: string,
  texts: IdentityTexts['mails'][keyof IdentityTexts['mails']],
  link: string,
): MailMessage {
  const { subject, intro, outro } = texts;
  return {
    to,
    subject,
    messageId: messageId(),
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

/** The provider's mails in the user's language (`identity_users.locale`: chosen at registration, changed with the account's language). */
const mail =
  (kind: keyof IdentityTexts['mails']) => (to: string, link: string, language: Language | string) =>
    linkMail(to, identityTexts[resolveLanguage(language)].mails[kind], link);

export const identityMails = {
  verifyEmail: mail('verifyEmail'),
  alreadyRegistered: mail('alreadyRegistered'),
  magicLink: mail('magicLink'),
  resetPassword: mail('resetPassword'),
};
