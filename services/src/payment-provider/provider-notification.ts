import { transactionStatusResponse, type TransactionStatusResponse } from '@alpenpass/contracts';
import { verifyNotificationSignature, type VerifyOptions } from './notification-signature';

export type NotificationReading =
  | { accepted: true; notification: TransactionStatusResponse }
  | { accepted: false; reason: 'missing' | 'malformed' | 'mismatch' | 'outside_tolerance' | 'invalid_body' };

/**
 * What the shop's notification endpoint does first, on the raw bytes and the `Datatrans-Signature`
 * header: refuse anything not signed with the merchant's key within the tolerance, then parse the body.
 * The notification is a hint, not the record: duplicates, replays and reordering are expected, so the
 * shop acts on the transaction status (GET) or on a transition its state allows, never on arrival order.
 */
export function readProviderNotification(
  rawBody: Buffer | string | undefined,
  signatureHeader: unknown,
  options: VerifyOptions,
): NotificationReading {
  const verdict = verifyNotificationSignature(rawBody, signatureHeader, options);
  if (!verdict.valid) return { accepted: false, reason: verdict.reason };
  let json: unknown;
  try {
    json = JSON.parse(rawBody!.toString());
  } catch {
    return { accepted: false, reason: 'invalid_body' };
  }
  const parsed = transactionStatusResponse.safeParse(json);
  return parsed.success
    ? { accepted: true, notification: parsed.data }
    : { accepted: false, reason: 'invalid_body' };
}
