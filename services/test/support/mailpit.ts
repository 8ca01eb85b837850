import { waitUntil } from '@alpenpass/infra/test/support';

/** Reads mails back from the local Mailpit (infra/scripts/ensure-mailpit.sh) through its JSON API. */
export const mailpitUrl = process.env.MAILPIT_URL ?? 'http://127.0.0.1:8025';

export interface MailpitMessage {
  ID: string;
  MessageID: string;
  Subject: string;
  To: { Address: string; Name: string }[];
  Text: string;
  HTML: string;
  Attachments: { FileName: string; ContentType: string; Size: number; PartID: string }[];
}

interface MailpitSummary {
  ID: string;
  MessageID: string;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${mailpitUrl}${path}`);
  if (!response.ok) throw new Error(`Mailpit ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Every stored mail whose Message-ID is `messageId` (with or without its angle brackets). */
export async function mailsWithMessageId(messageId: string): Promise<MailpitMessage[]> {
  const bare = messageId.replace(/^<|>$/g, '');
  const found = await getJson<{ messages: MailpitSummary[] }>(
    `/api/v1/search?query=${encodeURIComponent(`message-id:"${bare}"`)}&limit=50`,
  );
  const matching = found.messages.filter((message) => message.MessageID === bare);
  return Promise.all(matching.map((message) => getJson<MailpitMessage>(`/api/v1/message/${message.ID}`)));
}

/** Every stored mail to `address`, oldest first. */
export async function mailsTo(address: string): Promise<MailpitMessage[]> {
  const found = await getJson<{ messages: (MailpitSummary & { To: { Address: string }[] })[] }>(
    `/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}&limit=50`,
  );
  const matching = found.messages
    .filter((message) => message.To.some((to) => to.Address === address))
    .reverse();
  return Promise.all(matching.map((message) => getJson<MailpitMessage>(`/api/v1/message/${message.ID}`)));
}

/** The one mail with this Message-ID, waiting (`baseMs`, a patient deadline) for the SMTP server to store it. */
export function waitForMail(messageId: string, baseMs = 10_000): Promise<MailpitMessage> {
  return waitUntil(
    `the mail with Message-ID ${messageId} in Mailpit`,
    async () => (await mailsWithMessageId(messageId))[0],
    baseMs,
  );
}

/** A mail to `address` with this subject (the first or the latest stored), waiting (`baseMs`, a patient deadline) while it is sent. */
export function waitForMailTo(
  address: string,
  subject: string,
  { latest = false, baseMs = 30_000 } = {},
): Promise<MailpitMessage> {
  let subjects: string[] = [];
  return waitUntil(
    `a mail "${subject}" to ${address} in Mailpit`,
    async () => {
      const mails = await mailsTo(address);
      subjects = mails.map((mail) => mail.Subject);
      const matching = mails.filter((mail) => mail.Subject === subject);
      return latest ? matching.at(-1) : matching[0];
    },
    baseMs,
    { details: () => `it holds: ${JSON.stringify(subjects)}` },
  );
}

/** The bytes of one attachment of a stored mail. */
export async function mailAttachment(message: MailpitMessage, partId: string): Promise<Buffer> {
  const response = await fetch(`${mailpitUrl}/api/v1/message/${message.ID}/part/${partId}`);
  if (!response.ok) throw new Error(`Mailpit attachment ${partId}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Mailpit's HTML check: how much of the mail's HTML and CSS the mail clients it knows support, in percent. */
export interface MailpitHtmlCheck {
  Total: { Tests: number; Nodes: number; Supported: number; Partial: number; Unsupported: number };
  Warnings: { Slug: string; Title: string; Score: { Found: number; Unsupported: number } }[];
}
export const htmlCheck = (message: MailpitMessage) =>
  getJson<MailpitHtmlCheck>(`/api/v1/message/${message.ID}/html-check`);

/** Mailpit's link check: every link and image address of the mail, each tried (status 0: not reached). */
export interface MailpitLinkCheck {
  Errors: number;
  Links: { URL: string; StatusCode: number; Status: string }[];
}
export const linkCheck = (message: MailpitMessage) =>
  getJson<MailpitLinkCheck>(`/api/v1/message/${message.ID}/link-check`);
