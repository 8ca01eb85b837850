import { z } from 'zod';
import { envPositiveNumber } from '@alpenpass/contracts';
import { documented, settingsFrom, type AppConfig } from '../platform/config';
import type { DeploymentEnvironment } from '../platform/development-secrets';
import { developmentTargets, productionTargets, type TargetPolicy } from './target-address';

/** How webhooks are delivered (docs/webhooks.md, "Retries"); tests shorten the delays through the same variables. */
export interface WebhookSettings {
  /** one attempt, from connecting to the answer's first kilobyte */
  timeoutMs: number;
  /** the first retry's delay, doubled per attempt up to maxDelayMs (±20 % jitter) */
  retryFirstDelayMs: number;
  retryMaxDelayMs: number;
  /** a delivery is given up (and its subscription disabled) when it still fails this long after its run began */
  retryWindowMs: number;
  /** requests in flight per worker process */
  concurrency: number;
  /** delivered and failed deliveries are dropped from the log after this */
  logRetentionMs: number;
  targets: TargetPolicy;
  /** where the operator hears that a subscription was disabled */
  operatorEmail: string;
}

const hour = 3_600_000;
export const webhookVariables = z.object({
  WEBHOOK_TIMEOUT_MS: documented(
    envPositiveNumber.pipe(z.number().max(30_000, 'Expected at most 30000 (30 s)')).default(10_000),
    'one webhook attempt, from connecting to the answer (at most 30 s; docs/webhooks.md)',
  ),
  WEBHOOK_RETRY_FIRST_DELAY_MS: documented(
    envPositiveNumber.default(10_000),
    'the pause before the first retry, doubled per attempt up to the maximum (±20 % jitter)',
  ),
  WEBHOOK_RETRY_MAX_DELAY_MS: documented(
    envPositiveNumber.default(12 * hour),
    'the longest pause between retries',
    `\`${12 * hour}\` (12 h)`,
  ),
  WEBHOOK_RETRY_WINDOW_MS: documented(
    envPositiveNumber.default(72 * hour),
    'a delivery still failing this long after its run began is given up and its subscription disabled (the operator is mailed at `OPERATOR_EMAIL`)',
    `\`${72 * hour}\` (72 h)`,
  ),
  WEBHOOK_CONCURRENCY: documented(
    envPositiveNumber
      .pipe(z.number().int('Expected a whole number').max(256, 'Expected at most 256'))
      .default(16),
    'webhook requests in flight per worker process',
  ),
  OPERATOR_EMAIL: documented(
    z.email().default('tickets@alpenpass.local'),
    "the operator's mailbox that hears when a failing webhook subscription was disabled",
  ),
  WEBHOOK_LOG_RETENTION_DAYS: documented(
    envPositiveNumber.default(30),
    'delivered and failed webhook deliveries stay in the delivery log this long',
  ),
});

export function loadWebhookSettings(
  env: Readonly<Record<string, string | undefined>>,
  deployment: DeploymentEnvironment,
): WebhookSettings {
  const e = settingsFrom(webhookVariables, env);
  return {
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    retryFirstDelayMs: e.WEBHOOK_RETRY_FIRST_DELAY_MS,
    retryMaxDelayMs: Math.max(e.WEBHOOK_RETRY_MAX_DELAY_MS, e.WEBHOOK_RETRY_FIRST_DELAY_MS),
    retryWindowMs: e.WEBHOOK_RETRY_WINDOW_MS,
    concurrency: e.WEBHOOK_CONCURRENCY,
    logRetentionMs: e.WEBHOOK_LOG_RETENTION_DAYS * 24 * hour,
    targets: deployment === 'production' ? productionTargets : developmentTargets,
    operatorEmail: e.OPERATOR_EMAIL,
  };
}

/** The webhook settings of this shop; a bad value is a ConfigError naming it. */
export function webhookSettingsOf(config: Pick<AppConfig, 'env' | 'environment'>): WebhookSettings {
  return loadWebhookSettings(config.env, config.environment);
}
