import { join } from 'node:path';
import { z } from 'zod';
import { envPositiveNumber } from '@alpenpass/contracts';
import { documented, settingsFrom, type AppConfig } from '../platform/config';

export interface TicketSettings {
  /** TICKET_SIGNING_KEY: an Ed25519 private key (PKCS#8 PEM or base64 of it); else keyFile */
  signingKeyPem?: string;
  signingKeyFile: string;
  /** how long a ticket or receipt link works */
  documentLinkTtlSeconds: number;
  /** the Swiss VAT rate the prices include, in percent (8.1 standard rate) */
  vatRatePercent: number;
}

export const ticketVariables = z.object({
  TICKET_SIGNING_KEY: documented(
    z.string().min(1).optional(),
    'Ed25519 private key (PKCS#8 PEM, or that PEM in base64) that signs ticket codes; set it in production so every process signs with the same key (docs/tickets.md)',
    '– (the key file)',
  ),
  TICKET_SIGNING_KEY_FILE: documented(
    z.string().min(1).optional(),
    'where the ticket key is kept (created on first start) when `TICKET_SIGNING_KEY` is unset',
    '`.data/keys/ticket-signing-key.pem`',
  ),
  DOCUMENT_LINK_TTL_SECONDS: documented(
    envPositiveNumber.pipe(z.number().max(86_400, 'Expected at most 86400 (a day)')).default(300),
    'how long a ticket or receipt PDF link works (at most a day)',
  ),
  VAT_RATE_PERCENT: documented(
    z
      .string()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Expected a percentage such as 8.1')
      .transform(Number)
      .default(8.1),
    'the Swiss VAT rate the prices include, shown on receipts',
  ),
});

export function loadTicketSettings(
  env: Readonly<Record<string, string | undefined>>,
  dataDirectory: string,
): TicketSettings {
  const e = settingsFrom(ticketVariables, env);
  return {
    signingKeyPem: e.TICKET_SIGNING_KEY,
    signingKeyFile: e.TICKET_SIGNING_KEY_FILE ?? join(dataDirectory, 'keys', 'ticket-signing-key.pem'),
    documentLinkTtlSeconds: Math.floor(e.DOCUMENT_LINK_TTL_SECONDS),
    vatRatePercent: e.VAT_RATE_PERCENT,
  };
}

/** The ticket settings of this shop; a bad value is a ConfigError naming it. */
export function ticketSettingsOf(config: Pick<AppConfig, 'env' | 'dataDirectory'>): TicketSettings {
  return loadTicketSettings(config.env, config.dataDirectory);
}
