import { z } from 'zod';
import { documented, invalidConfiguration, settingsFrom, type AppConfig } from '../platform/config';
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

const simulatorOnly = "the simulator's (development only)";
export const paymentProviderVariables = z.object({
  PSP_BASE_URL: documented(
    z.url().default('http://127.0.0.1:3900'),
    "the card payment provider's API (Datatrans JSON API v1: `https://api.sandbox.datatrans.com`, `https://api.datatrans.com`); outside development card payments answer 503 until it is set",
    '`http://127.0.0.1:$PSP_SIMULATOR_PORT` (development only)',
  ),
  PSP_MERCHANT_ID: documented(z.string().min(1).default('1100000000'), 'merchant id', simulatorOnly),
  PSP_MERCHANT_PASSWORD: documented(
    z.string().min(1).default('psp-simulator-password'),
    "server-to-server password; outside development the simulator's is refused",
    simulatorOnly,
  ),
  PSP_HMAC_KEY: documented(
    z
      .string()
      .regex(/^([0-9a-fA-F]{2}){16,}$/, 'hex, at least 16 bytes')
      .default('5f7a1c9e3b2d4a6f8e0c1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a'),
    "notification signing key (hex); outside development the simulator's is refused",
    simulatorOnly,
  ),
  PSP_SIGNATURE_TOLERANCE_SECONDS: documented(
    z.coerce.number().int().min(1).max(3600).default(DEFAULT_SIGNATURE_TOLERANCE_SECONDS),
    "how old a notification's signature may be",
  ),
  PSP_TIMEOUT_MS: documented(
    z.coerce.number().int().min(100).max(120_000).default(15_000),
    'the timeout of a call to the provider',
  ),
});

/** Reads PSP_* variables; a bad value throws a message naming it. */
export function loadPaymentProviderSettings(
  source: NodeJS.ProcessEnv = process.env,
): PaymentProviderSettings {
  const value = settingsFrom(paymentProviderVariables, source);
  return {
    baseUrl: value.PSP_BASE_URL,
    merchantId: value.PSP_MERCHANT_ID,
    password: value.PSP_MERCHANT_PASSWORD,
    hmacKeyHex: value.PSP_HMAC_KEY,
    signatureToleranceSeconds: value.PSP_SIGNATURE_TOLERANCE_SECONDS,
    timeoutMs: value.PSP_TIMEOUT_MS,
  };
}

/** How the shop reaches its provider, and the notification URL it names in every transaction. */
export interface PaymentProviderConnection extends PaymentProviderSettings {
  webhookUrl: string;
}

/** Outside development the provider's password and signing key must be the operator's, never the
 * simulator's (published in the source). */
function refuseSimulatorCredentials(settings: PaymentProviderSettings): void {
  const simulator = loadPaymentProviderSettings({});
  if (settings.password === simulator.password)
    throw invalidConfiguration(
      "PSP_MERCHANT_PASSWORD: required outside development (the default is the simulator's)",
    );
  if (settings.hmacKeyHex.toLowerCase() === simulator.hmacKeyHex.toLowerCase())
    throw invalidConfiguration("PSP_HMAC_KEY: required outside development (the default is the simulator's)");
}

/**
 * The card payment provider of this shop (PSP_*): in development the simulator's defaults; outside
 * development none until PSP_BASE_URL is set (card payments then answer 503), and then only with a
 * notification URL and credentials of the operator's own. A bad value is a ConfigError naming it.
 */
export function paymentProviderOf(
  config: Pick<AppConfig, 'env' | 'environment' | 'port'>,
): PaymentProviderConnection | null {
  const { env, environment } = config;
  if (environment !== 'development' && !env.PSP_BASE_URL) return null;
  const webhookUrl =
    env.PSP_WEBHOOK_URL ??
    (environment === 'development'
      ? `http://127.0.0.1:${config.port}/api/payment-provider/notifications`
      : undefined);
  if (!webhookUrl)
    throw invalidConfiguration(
      'PSP_WEBHOOK_URL: required with PSP_BASE_URL (the public URL of /api/payment-provider/notifications)',
    );
  const connection = { ...loadPaymentProviderSettings(env), webhookUrl };
  if (environment === 'production') refuseSimulatorCredentials(connection);
  return connection;
}
