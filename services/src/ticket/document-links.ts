import { createHmac, timingSafeEqual } from 'node:crypto';
import { resolveLanguage, type DocumentKind, type Language } from '@alpenpass/contracts';

/**
 * Short-lived links to an order's ticket or receipt PDF (docs/tickets.md, "Links"): whoever holds the
 * link gets the PDF without a session until it expires. The signature is an HMAC-SHA256 over kind,
 * order, language and expiry, so none of them can be changed.
 */
export interface DocumentLink {
  kind: DocumentKind;
  orderId: number;
  language: Language;
  /** seconds since the epoch */
  expires: number;
}

export type LinkCheck = { ok: true; link: DocumentLink } | { ok: false; reason: 'invalid' | 'expired' };

export const documentPath = (kind: DocumentKind, orderId: number) =>
  `/api/documents/orders/${orderId}/${kind}.pdf`;

/** the link key is derived from the order access secret (already required outside development) */
export const documentLinkKey = (orderAccessSecret: string) =>
  createHmac('sha256', orderAccessSecret).update('alpenpass/document-links/v1').digest();

const signatureOf = (key: Buffer, link: DocumentLink) =>
  createHmac('sha256', key)
    .update(`${link.kind}\n${link.orderId}\n${link.language}\n${link.expires}`)
    .digest();

export function signDocumentLink(key: Buffer, link: DocumentLink): string {
  const query = new URLSearchParams({
    lang: link.language,
    exp: String(link.expires),
    sig: signatureOf(key, link).toString('base64url'),
  });
  return `${documentPath(link.kind, link.orderId)}?${query.toString()}`;
}

/** Any change to the link (order, kind, language, expiry or signature) is `invalid`; a genuine link
 * past its expiry is `expired`. */
export function checkDocumentLink(
  key: Buffer,
  input: { kind: DocumentKind; orderId: number; query: Record<string, unknown> },
  nowSeconds: number,
): LinkCheck {
  const { lang, exp, sig } = input.query;
  if (
    typeof lang !== 'string' ||
    typeof exp !== 'string' ||
    typeof sig !== 'string' ||
    !/^\d{1,12}$/.test(exp) ||
    !/^[A-Za-z0-9_-]{43}$/.test(sig)
  )
    return { ok: false, reason: 'invalid' };
  const language = resolveLanguage(lang);
  if (language !== lang) return { ok: false, reason: 'invalid' };
  const link: DocumentLink = { kind: input.kind, orderId: input.orderId, language, expires: Number(exp) };
  const offered = Buffer.from(sig, 'base64url');
  // a spelling with other unused low bits decodes to the same bytes: only the canonical one is the link
  if (offered.toString('base64url') !== sig || !timingSafeEqual(signatureOf(key, link), offered))
    return { ok: false, reason: 'invalid' };
  if (link.expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, link };
}
