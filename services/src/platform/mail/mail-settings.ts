import { z } from 'zod';
import { documented, settingsFrom } from '../settings';

export interface MailSettings {
  /** smtp://host:port (smtps:// for implicit TLS; user:password@ for authentication) */
  smtpUrl: string;
  /** the From header, e.g. "Alpenpass <tickets@alpenpass.local>" */
  from: string;
  /** the right-hand side of the shop's Message-IDs (<...@domain>): the From address's domain */
  messageIdDomain: string;
}

export const mailVariables = z.object({
  SMTP_URL: documented(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'Expected an smtp:// or smtps:// URL')
      .default('smtp://127.0.0.1:1025'),
    'where mails go (`smtp://` or `smtps://`, `user:password@` for authentication); in development Mailpit, inbox on http://localhost:8025 (docs/mails.md)',
  ),
  MAIL_FROM: documented(
    z
      .string()
      .regex(
        /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'Expected an address, optionally with a name: Name <address@domain>',
      )
      .default('Alpenpass <tickets@alpenpass.local>'),
    "the From of every mail; its domain is the right-hand side of the shop's Message-IDs",
  ),
});

/** SMTP_URL and MAIL_FROM (docs/configuration.md). A bad value throws naming the variable. */
export function loadMailSettings(env: Record<string, string | undefined> = process.env): MailSettings {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = settingsFrom(mailVariables, env);
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return { smtpUrl, from, messageIdDomain: address.split('@')[1] ?? 'alpenpass.local' };
}
