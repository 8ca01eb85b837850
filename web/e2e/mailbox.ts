import { waitForMailTo, type MailpitMessage } from '@alpenpass/services/test/support/mailpit';

/** Mailpit's web inbox and JSON API: MAILPIT_URL, else the machine's Mailpit on 127.0.0.1:8025. */
export { mailpitUrl } from '@alpenpass/services/test/support/mailpit';

/** The first mail to `address` with this subject, as Mailpit stored it, waiting (`baseMs`, a patient deadline) while the shop sends it. */
export const mailTo = (address: string, subject: string, baseMs = 30_000): Promise<MailpitMessage> =>
  waitForMailTo(address, subject, { baseMs });
