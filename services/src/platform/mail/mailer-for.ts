import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { consoleMailer } from './console-mailer';
import type { Mailer } from './mailer';
import { smtpMailer } from './smtp-mailer';

/** SMTP when MAIL_SMTP_URL is set (Mailpit: smtp://127.0.0.1:1025), else the console transport. */
export function mailerFor(config: AppConfig, log: Logger): Mailer {
  if (config.mail.smtpUrl) return smtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  return consoleMailer(log.child({ component: 'mail' }), config.mail.outboxDir);
}
