import { basketErrorCodes } from '@alpenpass/contracts';
import { isStaff, type Principal } from '../platform/auth/principal';
import { notFound } from '../platform/domain-error';
import type { BasketState, OpenBasket } from './basket';

/**
 * Who may read and change a basket (docs/basket.md, "Ownership"):
 * - a guest's basket (no account) belongs to whoever knows its id: the uuid is the capability;
 * - a basket created by a signed-in customer is bound to that account: only that customer (and staff)
 *   may use it. Anyone else gets the same 404 as for a basket that does not exist, so that basket
 *   ids of other customers cannot be probed.
 */
export function mayUseBasket(basket: OpenBasket, principal: Principal | null): boolean {
  if (isStaff(principal)) return true;
  if (basket.accountId === null) return true;
  return principal?.accountId === basket.accountId;
}

export const basketNotFound = () => notFound(basketErrorCodes.basketNotFound, 'Basket not found.');

/** The open basket if the caller may use it; a 404 problem otherwise. */
export function accessibleBasket(state: BasketState, principal: Principal | null): OpenBasket {
  if (state.status !== 'open' || !mayUseBasket(state, principal)) throw basketNotFound();
  return state;
}

/** The account a new basket is bound to: the signed-in customer's, none for guests and staff. */
export function ownerOfNewBasket(principal: Principal | null): string | null {
  if (!principal || !principal.roles.includes('customer')) return null;
  return principal.accountId;
}
