import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export type LogFormat = 'json' | 'pretty';

/** Fields that never reach a log: bearer tokens, cookies, passwords, card data, Temporal task tokens. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'token',
  '*.token',
  'taskToken',
  '*.taskToken',
  'password',
  '*.password',
  '*.cardNumber',
  'clientSecret',
  '*.clientSecret',
];

/**
 * pino: JSON lines (production, and whatever reads the logs), or readable lines for a developer's
 * terminal (pino-pretty, written synchronously so nothing is lost on exit). Redaction applies to both.
 */
export function createLogger(
  level: string,
  bindings: Record<string, unknown> = {},
  format: LogFormat = 'json',
): Logger {
  const options = {
    level,
    base: { service: 'alpenpass', ...bindings },
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
  if (format === 'json') return pino(options);
  return pino(
    options,
    pretty({
      sync: true,
      colorize: process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'service,hostname',
    }),
  );
}
