import { createHmac } from 'node:crypto';

/** The key of the guests' holder ids, derived from ORDER_ACCESS_SECRET: every API process derives the
 * same, and production needs no further secret. */
export const clientHolderKey = (orderAccessSecret: string): Buffer =>
  createHmac('sha256', orderAccessSecret).update('alpenpass/fair-hold-client/v1').digest();

/**
 * A guest's holder on one slot: a keyed hash of the slot and the client address. Slot events are kept
 * for ever, so they carry no address: without the key nobody can tell which address held, and the ids
 * of one client on different slots cannot be joined up to follow it around the shop.
 */
export const clientHolderId = (key: Buffer, slotId: number, clientAddress: string): string =>
  `client:${createHmac('sha256', key).update(`${slotId}\n${clientAddress}`).digest('base64url').slice(0, 22)}`;
