import { z } from 'zod';
import { settingsFrom } from '../config';

export interface MailSettings {
  /** smtp://host:port (smtps:// for implicit TLS; user:password@ for authentication) */
  smtpUrl: string;
  /** the From header, e.g. "Alpenpass <tickets@alpenpass.local>" */
  from: string;
  /** the right-hand side of the shop's Message-IDs (<...@domain>): the From address's domain */
  messageIdDomain: string;
}

const mailEnvironment = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'Expected an smtp:// or smtps:// URL')
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
      'Expected an address, optionally with a name: Name <address@domain>',
    )
    .default('Alpenpass <tickets@alpenpass.local>'),
});

/** SMTP_URL and MAIL_FROM (README configuration). A bad value throws naming the variable. */
export function loadMailSettings(env: Record<string, string | undefined> = process.env): MailSettings {
  const { SMTP_URL: smtpUrl, MAIL_FROM: from } = settingsFrom(mailEnvironment, env);
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return { smtpUrl, from, messageIdDomain: address.split('@')[1] ?? 'alpenpass.local' };
}
