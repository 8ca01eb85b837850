import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

/**
 * Development transport while no SMTP sink is configured: logs each mail (its links included) and,
 * with an outbox folder, writes it there as JSON, one file per message, for tests and for people.
 */
export function consoleMailer(log: Logger, outboxDir?: string): Mailer {
  if (outboxDir) mkdirSync(outboxDir, { recursive: true });
  return {
    async send(message) {
      log.info({ to: message.to, subject: message.subject, messageId: message.messageId }, `mail (console transport)\n${message.text}`);
      if (!outboxDir) return;
      const { attachments, ...rest } = message;
      const file = join(outboxDir, `${Date.now()}-${message.messageId.replace(/[^A-Za-z0-9-]/g, '_')}.json`);
      writeFileSync(file, JSON.stringify({ ...rest, attachments: (attachments ?? []).map(({ filename, contentType }) => ({ filename, contentType })) }));
    },
  };
}
