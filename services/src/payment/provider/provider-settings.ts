import { z } from 'zod';
import { DEFAULT_SIGNATURE_TOLERANCE_SECONDS } from './notification-signature';

/** How the shop reaches its payment provider; the defaults point at the local PSP simulator. */
export interface PaymentProviderSettings {
  baseUrl: string;
  merchantId: string;
  password: string;
  hmacKeyHex: string;
  signatureToleranceSeconds: number;
  timeoutMs: number;
}

const env = z.object({
  PSP_BASE_URL: z.url().default('http://127.0.0.1:3900'),
  PSP_MERCHANT_ID: z.string().min(1).default('1100000000'),
  PSP_MERCHANT_PASSWORD: z.string().min(1).default('psp-simulator-password'),
  PSP_HMAC_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{2}){16,}$/, 'hex, at least 16 bytes')
    .default('5f7a1c9e3b2d4a6f8e0c1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a'),
  PSP_SIGNATURE_TOLERANCE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_SIGNATURE_TOLERANCE_SECONDS),
  PSP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

/** Reads PSP_* variables; a bad value throws a message naming it. Wiring into the shop's config is left to checkout. */
export function loadPaymentProviderSettings(
  source: NodeJS.ProcessEnv = process.env,
): PaymentProviderSettings {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? 'PSP')}: ${issue?.message ?? 'invalid'}`);
  }
  const value = parsed.data;
  return {
    baseUrl: value.PSP_BASE_URL,
    merchantId: value.PSP_MERCHANT_ID,
    password: value.PSP_MERCHANT_PASSWORD,
    hmacKeyHex: value.PSP_HMAC_KEY,
    signatureToleranceSeconds: value.PSP_SIGNATURE_TOLERANCE_SECONDS,
    timeoutMs: value.PSP_TIMEOUT_MS,
  };
}
