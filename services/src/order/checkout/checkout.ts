import type { CheckoutEvent } from '@alpenpass/contracts';
import { checkoutErrorCodes } from '@alpenpass/contracts';
import { isStaff, type Principal } from '../../platform/auth/principal';
import { conflict, notFound } from '../../platform/domain-error';

/** The checkout aggregate (stream checkout-<uuid>): the basket it was started from and the order it
 * leads to; the order carries everything that is paid for (docs/checkout.md). */
export type CheckoutState =
  | { status: 'unknown' }
  | {
      status: 'started';
      checkoutId: string;
      basketId: string;
      accountId: string | null;
      orderId: number;
      conditions: Record<string, unknown>;
    };

export const initialCheckoutState = (): CheckoutState => ({ status: 'unknown' });

export function evolveCheckout(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'CheckoutStarted':
      return state.status === 'unknown' ? { status: 'started', ...event.data, conditions: {} } : state;
    case 'CheckoutConditionsSubmitted':
      return state.status === 'started' ? { ...state, conditions: event.data.formValues } : state;
    case 'CheckoutHandedOver':
      return state.status === 'started' ? { ...state, accountId: event.data.accountId } : state;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const checkoutFolder = { initialState: initialCheckoutState, evolve: evolveCheckout };

export type CheckoutCommand =
  | {
      type: 'StartCheckout';
      data: { checkoutId: string; basketId: string; accountId: string | null; orderId: number };
    }
  /** values already validated against the channel's fields (pure: the fields are an outside fact) */
  | { type: 'SubmitConditions'; data: { formValues: Record<string, unknown> } }
  /** with its order, a guest identity's checkout becomes the signed-in account's */
  | { type: 'HandOverCheckout'; data: { accountId: string; fromAccountId: string } };

/** A basket is checked out once: a second start (a double click, a retry) changes nothing and the
 * caller goes on with the order recorded first. */
export function decideCheckout(command: CheckoutCommand, state: CheckoutState): CheckoutEvent[] {
  switch (command.type) {
    case 'StartCheckout':
      if (state.status === 'started') {
        if (state.basketId !== command.data.basketId)
          throw conflict('CHECKOUT_EXISTS', 'The checkout exists for another basket.');
        return [];
      }
      return [{ type: 'CheckoutStarted', data: command.data }];
    case 'SubmitConditions': {
      if (state.status !== 'started') throw checkoutNotFound();
      if (JSON.stringify(state.conditions) === JSON.stringify(command.data.formValues)) return [];
      return [
        {
          type: 'CheckoutConditionsSubmitted',
          data: { checkoutId: state.checkoutId, formValues: command.data.formValues },
        },
      ];
    }
    case 'HandOverCheckout': {
      if (state.status !== 'started') throw checkoutNotFound();
      const { accountId, fromAccountId } = command.data;
      if (state.accountId === accountId) return [];
      if (state.accountId !== fromAccountId) throw checkoutNotFound();
      return [
        { type: 'CheckoutHandedOver', data: { checkoutId: state.checkoutId, accountId, fromAccountId } },
      ];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}

export const checkoutNotFound = () => notFound(checkoutErrorCodes.checkoutNotFound, 'Checkout not found.');

/** Same rule as for baskets and orders: a customer's checkout is theirs (and staff's); a guest's
 * belongs to whoever knows its id. Anyone else: 404, as if it did not exist. */
export function accessibleCheckout(state: CheckoutState, principal: Principal | null) {
  if (state.status !== 'started') throw checkoutNotFound();
  if (isStaff(principal) || state.accountId === null || principal?.accountId === state.accountId)
    return state;
  throw checkoutNotFound();
}
