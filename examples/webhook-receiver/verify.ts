import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export type Verdict = { ok: true; payload: unknown } | { ok: false; status: 400 | 401; reason: string };

/**
 * Checks a delivery the way Standard Webhooks asks a receiver to: the three headers are there, the
 * timestamp is within five minutes of our clock (an old delivery replayed later is refused), and one of
 * the signatures is the HMAC of "id.timestamp.body" under one of our secrets (several during a rotation).
 * `body` must be the bytes as received: parsing and re-serialising the JSON would change them.
 */
export function verifyDelivery(
  body: string,
  headers: Record<string, string | string[] | undefined>,
  secrets: string[],
): Verdict {
  const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
  const given = Object.fromEntries(wanted.map((name) => [name, [headers[name]].flat()[0]]));
  if (wanted.some((name) => !given[name]))
    return { ok: false, status: 400, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  let reason = 'no secret configured';
  for (const secret of secrets) {
    try {
      return { ok: true, payload: new Webhook(secret).verify(body, given as Record<string, string>) };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      reason = error.message;
    }
  }
  return { ok: false, status: 401, reason };
}
