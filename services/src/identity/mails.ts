import { randomUUID } from 'node:crypto';
import type { MailMessage } from '../platform/mail/mailer';

const messageId = () => `<${randomUUID()}@alpenpass.local>`;
const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function linkMail(to: string, subject: string, intro: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    messageId: messageId(),
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export const identityMails = {
  verifyEmail: (to: string, link: string) =>
    linkMail(to, 'Confirm your e-mail address', 'Welcome to Alpenpass. Please confirm your e-mail address with this link:', link, 'The link is valid for 24 hours.'),
  alreadyRegistered: (to: string, resetLink: string) =>
    linkMail(to, 'Your Alpenpass account', 'Someone tried to create an Alpenpass account with this address, which already has one. If it was you and you forgot your password, choose a new one here:', resetLink, 'If it was not you, ignore this mail.'),
  magicLink: (to: string, link: string) =>
    linkMail(to, 'Your sign-in link', 'Sign in to Alpenpass with this link:', link, 'The link is valid for 15 minutes and works once. If you did not ask for it, ignore this mail.'),
  resetPassword: (to: string, link: string) =>
    linkMail(to, 'Choose a new password', 'Choose a new Alpenpass password with this link:', link, 'The link is valid for one hour. If you did not ask for it, ignore this mail.'),
};
