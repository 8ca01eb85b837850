import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The provider signs each notification with `Datatrans-Signature: t=<unix ms>,s0=<hex>`, where s0 is
 * HMAC-SHA256 over the timestamp followed by the raw body, keyed with the hex-decoded merchant HMAC key.
 */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signNotification(rawBody: Buffer | string, hmacKeyHex: string, timestampMs: number): string {
  return `t=${timestampMs},s0=${hmacHex(rawBody, hmacKeyHex, String(timestampMs))}`;
}

export type SignatureVerdict =
  | { valid: true; timestampMs: number }
  | { valid: false; reason: 'missing' | 'malformed' | 'mismatch' | 'outside_tolerance' };

export interface VerifyOptions {
  hmacKeyHex: string;
  /** how far the signature's timestamp may lie from `nowMs`, either way */
  toleranceSeconds?: number;
  nowMs?: number;
}

/** Checks the signature first (a forged header learns nothing about the clock), then the tolerance. */
export function verifyNotificationSignature(
  rawBody: Buffer | string | undefined,
  header: unknown,
  options: VerifyOptions,
): SignatureVerdict {
  if (rawBody === undefined || typeof header !== 'string' || header.length === 0)
    return { valid: false, reason: 'missing' };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { valid: false, reason: 'malformed' };
  const expected = Buffer.from(hmacHex(rawBody, options.hmacKeyHex, parsed.timestamp), 'hex');
  const offered = Buffer.from(parsed.signature, 'hex');
  if (offered.length !== expected.length || !timingSafeEqual(offered, expected))
    return { valid: false, reason: 'mismatch' };
  const timestampMs = Number(parsed.timestamp);
  const toleranceMs = (options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS) * 1000;
  if (Math.abs((options.nowMs ?? Date.now()) - timestampMs) > toleranceMs)
    return { valid: false, reason: 'outside_tolerance' };
  return { valid: true, timestampMs };
}

function parseSignatureHeader(header: string): { timestamp: string; signature: string } | undefined {
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return undefined;
    parts.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim());
  }
  const timestamp = parts.get('t');
  const signature = parts.get('s0');
  if (!timestamp || !/^\d{1,16}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/i.test(signature))
    return undefined;
  return { timestamp, signature: signature.toLowerCase() };
}

function hmacHex(rawBody: Buffer | string, hmacKeyHex: string, timestamp: string): string {
  return createHmac('sha256', Buffer.from(hmacKeyHex, 'hex')).update(timestamp).update(rawBody).digest('hex');
}
