import { z } from 'zod';
import { settingsFrom } from '../platform/config';

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

const env = z.object({
  PSP_SIMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(simulatorDefaults.port),
  PSP_SIMULATOR_HOST: z.string().min(1).default('127.0.0.1'),
  PSP_SIMULATOR_PUBLIC_URL: z.url().optional(),
  PSP_SIMULATOR_DATABASE_URL: z.string().min(1).default(simulatorDefaults.databaseUrl),
  PSP_SIMULATOR_MERCHANT_ID: z.string().min(1).default(simulatorDefaults.merchantId),
  PSP_SIMULATOR_MERCHANT_PASSWORD: z.string().min(1).default(simulatorDefaults.password),
  PSP_SIMULATOR_HMAC_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{2}){16,}$/, 'hex, at least 16 bytes')
    .default(simulatorDefaults.hmacKeyHex),
  PSP_SIMULATOR_WEBHOOK_URL: z.url().optional(),
  PSP_SIMULATOR_CLAIM_LEASE_SECONDS: z.coerce
    .number()
    .positive()
    .default(simulatorDefaults.claimLeaseSeconds),
  LOG_LEVEL: z.string().default('info'),
});

export function loadSimulatorConfig(source: NodeJS.ProcessEnv = process.env): SimulatorConfig {
  const value = settingsFrom(env, source);
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
