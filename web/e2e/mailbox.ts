import { mailsTo, type MailpitMessage } from '@alpenpass/services/test/support/mailpit';

/** Mailpit's web inbox and JSON API: MAILPIT_URL, else the machine's Mailpit on 127.0.0.1:8025. */
export { mailpitUrl } from '@alpenpass/services/test/support/mailpit';

/** The first mail to `address` with this subject, as Mailpit stored it, waiting while the shop sends it. */
export async function mailTo(address: string, subject: string, timeoutMs = 30_000): Promise<MailpitMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(address)).find((candidate) => candidate.Subject === subject);
    if (mail) return mail;
    if (Date.now() > deadline) {
      const subjects = (await mailsTo(address)).map((candidate) => candidate.Subject);
      throw new Error(
        `no mail "${subject}" to ${address} in Mailpit (it holds: ${JSON.stringify(subjects)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
