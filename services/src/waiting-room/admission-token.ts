import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an admission token says: this visitor's ticket in this sale was admitted, until `expiresAtMs`. */
export interface Admission {
  saleId: number;
  ticketId: string;
  visitor: string;
  expiresAtMs: number;
}

export const admissionKeyOf = (orderAccessSecret: string): Buffer =>
  createHmac('sha256', orderAccessSecret).update('alpenpass/waiting-room-admission/v1').digest();

const signatureOf = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** `<payload>.<signature>`, both base64url: the payload is JSON, the signature HMAC-SHA256 over it. */
export function signAdmission(key: Buffer, admission: Admission): string {
  const payload = Buffer.from(
    JSON.stringify({
      s: admission.saleId,
      t: admission.ticketId,
      v: admission.visitor,
      e: admission.expiresAtMs,
    }),
  ).toString('base64url');
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The admission a token carries when its signature holds (its expiry is the caller's to judge), else null. */
export function readAdmission(key: Buffer, token: string): Admission | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(signatureOf(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null) return null;
    const { s, t, v, e } = data as Record<string, unknown>;
    if (typeof s !== 'number' || typeof t !== 'string' || typeof v !== 'string' || typeof e !== 'number')
      return null;
    return { saleId: s, ticketId: t, visitor: v, expiresAtMs: e };
  } catch {
    return null;
  }
}
