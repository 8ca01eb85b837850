import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs; tokens, cookies and card data never reach them. */
export function createLogger(level: string, bindings: Record<string, unknown> = {}): Logger {
  return pino({
    level,
    base: { service: 'alpenpass', ...bindings },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.token', '*.password', '*.cardNumber', '*.clientSecret'],
      censor: '[redacted]',
    },
  });
}
