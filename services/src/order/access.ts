import { isStaff, type Principal } from '../platform/auth/principal';
import { orderNotFound } from './order-guards';
import type { OrderState, PlacedOrder } from './order';

/**
 * Who may read and change an order (docs/checkout.md, "Who sees an order"): staff any order; a
 * customer's order only that customer; a guest's order whoever holds its access token. Anyone else
 * gets the same 404 as for an order that does not exist, so order ids cannot be probed.
 */
export function accessibleOrder(
  state: OrderState,
  principal: Principal | null,
  hasToken: (orderId: number) => boolean,
): PlacedOrder {
  if (state.status !== 'placed') throw orderNotFound();
  if (isStaff(principal)) return state;
  if (state.accountId !== null ? principal?.accountId === state.accountId : hasToken(state.orderId))
    return state;
  throw orderNotFound();
}
