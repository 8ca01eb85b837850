import { createHmac } from 'node:crypto';
import { isGuestIdentity, type Principal } from '../platform/auth/principal';

/** The key of anonymous visitors' ids, derived from ORDER_ACCESS_SECRET: every API process derives the same. */
export const visitorKeyOf = (orderAccessSecret: string): Buffer =>
  createHmac('sha256', orderAccessSecret).update('alpenpass/waiting-room-visitor/v1').digest();

/**
 * Who stands in a queue: a signed-in customer by their account, anyone else (an anonymous caller, a guest
 * identity, which anyone may open afresh) by their client address as a keyed hash, so the table holds no address.
 */
export function visitorOf(key: Buffer, principal: Principal | null, clientAddress: string): string {
  if (principal?.accountId && !isGuestIdentity(principal)) return `account:${principal.accountId}`;
  return `client:${createHmac('sha256', key).update(clientAddress).digest('base64url').slice(0, 22)}`;
}
