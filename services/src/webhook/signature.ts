import { createHmac, randomBytes } from 'node:crypto';

/** Standard Webhooks' symmetric scheme (docs/webhooks.md, "Signing"): a secret is `whsec_` and 32 random
 * bytes in base64; a signature is `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`. */
const secretPrefix = 'whsec_';

export function newWebhookSecret(): string {
  return `${secretPrefix}${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(secretPrefix.length), 'base64');
}

export function signatureOf(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const digest = createHmac('sha256', keyOf(secret))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${digest}`;
}

/** The headers of one attempt: every secret that signs now (the current one first) gives a signature,
 * space-separated, so a receiver that still holds the previous secret verifies during a rotation. */
export function webhookHeaders(
  message: { messageId: string; body: string },
  secrets: string[],
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': message.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets
      .map((secret) => signatureOf(secret, message.messageId, timestamp, message.body))
      .join(' '),
  };
}
