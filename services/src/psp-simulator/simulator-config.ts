import { z } from 'zod';
import { documented, settingsFrom } from '../platform/settings';

/** One merchant account on the simulator: basic-auth credentials, the notification HMAC key, a default webhook. */
export interface SimulatedMerchant {
  merchantId: string;
  password: string;
  /** hex, as the provider's back office shows it */
  hmacKeyHex: string;
  /** used when an init names no webhook.url */
  webhookUrl?: string;
}

export interface SimulatorConfig {
  port: number;
  host: string;
  /** where browsers reach the simulator (the payment page URLs); default http://localhost:<port> */
  publicUrl?: string;
  databaseUrl: string;
  merchant: SimulatedMerchant;
  /** an Idempotency-Key claimed this long ago without an answer may be taken over by a repeat */
  claimLeaseSeconds: number;
  logLevel: string;
}

/** Development defaults only: the simulator holds no real money and is never deployed. */
export const simulatorDefaults = {
  port: 3900,
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/alpenpass_psp',
  merchantId: '1100000000',
  password: 'psp-simulator-password',
  hmacKeyHex: '5f7a1c9e3b2d4a6f8e0c1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a',
  claimLeaseSeconds: 30,
} as const;

export const simulatorVariables = z.object({
  PSP_SIMULATOR_PORT: documented(
    z.coerce.number().int().min(0).max(65535).default(simulatorDefaults.port),
    "development: `npm start` runs the PSP simulator as a process of its own on this port, and points the shop's `PSP_*` defaults at it (`0`: a free one, as the tests use; docs/payment-provider.md)",
  ),
  PSP_SIMULATOR_HOST: documented(z.string().min(1).default('127.0.0.1'), "the simulator's listen address"),
  PSP_SIMULATOR_PUBLIC_URL: documented(
    z.url().optional(),
    'base of the payment page URLs handed to browsers',
    '`http://localhost:<port>`',
  ),
  PSP_SIMULATOR_DATABASE_URL: documented(
    z.string().min(1).default(simulatorDefaults.databaseUrl),
    "the simulator's own database (created at start)",
  ),
  PSP_SIMULATOR_MERCHANT_ID: documented(
    z.string().min(1).default(simulatorDefaults.merchantId),
    'the one merchant account (basic-auth user)',
  ),
  PSP_SIMULATOR_MERCHANT_PASSWORD: documented(
    z.string().min(1).default(simulatorDefaults.password),
    "the merchant's API password",
  ),
  PSP_SIMULATOR_HMAC_KEY: documented(
    z
      .string()
      .regex(/^([0-9a-fA-F]{2}){16,}$/, 'hex, at least 16 bytes')
      .default(simulatorDefaults.hmacKeyHex),
    'the key notifications are signed with (hex)',
    'a fixed development key',
  ),
  PSP_SIMULATOR_WEBHOOK_URL: documented(
    z.url().optional(),
    'where notifications go when an init names no `webhook.url`',
  ),
  PSP_SIMULATOR_CLAIM_LEASE_SECONDS: documented(
    z.coerce.number().positive().default(simulatorDefaults.claimLeaseSeconds),
    'an Idempotency-Key claimed this long ago without an answer may be taken over by a repeat',
  ),
  LOG_LEVEL: documented(z.string().default('info'), "the simulator's pino level"),
});

export function loadSimulatorConfig(source: NodeJS.ProcessEnv = process.env): SimulatorConfig {
  const value = settingsFrom(simulatorVariables, source);
  return {
    port: value.PSP_SIMULATOR_PORT,
    host: value.PSP_SIMULATOR_HOST,
    publicUrl: value.PSP_SIMULATOR_PUBLIC_URL,
    databaseUrl: value.PSP_SIMULATOR_DATABASE_URL,
    merchant: {
      merchantId: value.PSP_SIMULATOR_MERCHANT_ID,
      password: value.PSP_SIMULATOR_MERCHANT_PASSWORD,
      hmacKeyHex: value.PSP_SIMULATOR_HMAC_KEY,
      webhookUrl: value.PSP_SIMULATOR_WEBHOOK_URL,
    },
    claimLeaseSeconds: value.PSP_SIMULATOR_CLAIM_LEASE_SECONDS,
    logLevel: value.LOG_LEVEL,
  };
}
