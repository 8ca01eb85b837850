import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { nameBasedUuid } from '../platform/name-based-uuid';

/** The next order id from the PostgreSQL sequence (migration 007-order-sequences). */
export async function nextOrderId(knex: Knex): Promise<number> {
  const result = await knex.raw<{ rows: { id: string }[] }>("select nextval('order_id_seq') as id");
  const row = result.rows[0];
  if (!row) throw new Error('order_id_seq answered no id');
  return Number(row.id);
}

/** A human-readable, unique reference: the order id with a check digit, so a mistyped refno on the
 * phone is noticed (AP-0000042-6). */
export function refnoOf(orderId: number): string {
  const digits = String(orderId).padStart(7, '0');
  const check =
    [...digits].reduce((sum, digit, index) => sum + Number(digit) * (index % 2 === 0 ? 3 : 1), 0) % 10;
  return `AP-${digits}-${check}`;
}

/** The order id a refno names (its check digit must match), null for anything else. */
export function orderIdOfRefno(refno: string): number | null {
  const match = /^AP-(\d{7,})-\d$/.exec(refno);
  if (!match) return null;
  const orderId = Number(match[1]);
  return Number.isSafeInteger(orderId) && orderId > 0 && refnoOf(orderId) === refno ? orderId : null;
}

/**
 * A basket leads to one checkout: its id derives from the basket id (a name-based uuid, version 5
 * layout), so a repeated or concurrent "check out this basket" finds the same checkout and order.
 */
export const checkoutIdOf = (basketId: string): string =>
  nameBasedUuid(`alpenpass-checkout:${basketId.toLowerCase()}`, 'sha1');

/** A basket id that the same name always gives: a repeated request finds the same basket (admin orders by
 * their Idempotency-Key, renewals and priced orders by their business key). */
export const derivedBasketId = (name: string): string => checkoutIdOf(`derived-basket:${name}`);

/** A guest's order is read with this token (docs/checkout.md, "Who sees an order"): an HMAC of the
 * order id under the shop's secret, unguessable without the secret and the same on every repeat. */
export function orderAccessToken(secret: string, orderId: number): string {
  return createHmac('sha256', secret).update(`order-access:${orderId}`).digest('base64url');
}

export function isOrderAccessToken(secret: string, orderId: number, token: string): boolean {
  const expected = Buffer.from(orderAccessToken(secret, orderId));
  const offered = Buffer.from(token);
  return offered.length === expected.length && timingSafeEqual(offered, expected);
}
