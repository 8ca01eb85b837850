import nodemailer from 'nodemailer';
import type { MailSettings } from './mail-settings';

/** One mail as the shop sends it: always HTML with its plain-text twin, and a Message-ID the caller
 * chooses, so that the same business event always yields the same id (docs/mails.md). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** The port every context sends mail through; SMTP in every environment (Mailpit in development). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends over SMTP with nodemailer. One pooled transport per process; `close()` ends its connections. */
export function createSmtpMailer(settings: MailSettings): Mailer & { close(): void } {
  // nodemailer waits minutes by default; a mail activity should fail soon and be retried instead
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments: message.attachments?.map(({ filename, content, contentType }) => ({
          filename,
          content,
          contentType,
        })),
      });
    },
    close: () => transport.close(),
  };
}
