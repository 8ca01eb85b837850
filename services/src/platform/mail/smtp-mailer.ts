import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through an SMTP server (Mailpit on 127.0.0.1:1025 in development). */
export function smtpMailer(settings: { url: string; from: string }): Mailer {
  const transport = createTransport(settings.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments: message.attachments,
      });
    },
  };
}
