import { join } from 'node:path';
import { z } from 'zod';
import { envPositiveNumber } from '@alpenpass/contracts';
import { settingsFrom, type AppConfig } from '../platform/config';

/** The operator's details printed on receipts (docs/tickets.md, "Receipt"). */
export interface OperatorDetails {
  name: string;
  addressLines: string[];
  vatNumber: string;
  email: string;
}

export interface TicketSettings {
  /** TICKET_SIGNING_KEY: an Ed25519 private key (PKCS#8 PEM or base64 of it); else keyFile */
  signingKeyPem?: string;
  signingKeyFile: string;
  /** how long a ticket or receipt link works */
  documentLinkTtlSeconds: number;
  operator: OperatorDetails;
  /** the Swiss VAT rate the prices include, in percent (8.1 standard rate) */
  vatRatePercent: number;
}

const settingsEnvironment = z.object({
  TICKET_SIGNING_KEY: z.string().min(1).optional(),
  TICKET_SIGNING_KEY_FILE: z.string().min(1).optional(),
  DOCUMENT_LINK_TTL_SECONDS: envPositiveNumber
    .pipe(z.number().max(86_400, 'Expected at most 86400 (a day)'))
    .default(300),
  OPERATOR_NAME: z.string().min(1).default('Alpenpass Bergbahnen AG'),
  OPERATOR_ADDRESS: z.string().min(1).default('Talstation 1; 3920 Zermatt; Schweiz'),
  OPERATOR_VAT_NUMBER: z.string().min(1).default('CHE-123.456.789 MWST'),
  OPERATOR_EMAIL: z.string().min(3).default('tickets@alpenpass.local'),
  VAT_RATE_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'Expected a percentage such as 8.1')
    .transform(Number)
    .default(8.1),
});

export function loadTicketSettings(
  env: Readonly<Record<string, string | undefined>>,
  dataDirectory: string,
): TicketSettings {
  const e = settingsFrom(settingsEnvironment, env);
  return {
    signingKeyPem: e.TICKET_SIGNING_KEY,
    signingKeyFile: e.TICKET_SIGNING_KEY_FILE ?? join(dataDirectory, 'keys', 'ticket-signing-key.pem'),
    documentLinkTtlSeconds: Math.floor(e.DOCUMENT_LINK_TTL_SECONDS),
    operator: {
      name: e.OPERATOR_NAME,
      addressLines: e.OPERATOR_ADDRESS.split(';')
        .map((line) => line.trim())
        .filter(Boolean),
      vatNumber: e.OPERATOR_VAT_NUMBER,
      email: e.OPERATOR_EMAIL,
    },
    vatRatePercent: e.VAT_RATE_PERCENT,
  };
}

/** The ticket settings of this shop; a bad value is a ConfigError naming it. */
export function ticketSettingsOf(config: Pick<AppConfig, 'env' | 'dataDirectory'>): TicketSettings {
  return loadTicketSettings(config.env, config.dataDirectory);
}
