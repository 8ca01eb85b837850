import type { ConsumptionEvent, PayPerUseRegistration } from '@alpenpass/contracts';

/** A registration and, once its order item was cancelled, the first day it no longer bills. */
export type KeptRegistration = PayPerUseRegistration & { endsOn?: string };

/** The pay-per-use registrations of one keycard (stream payperuse-<keycardId>), oldest first. */
export interface RegistrationState {
  registrations: KeptRegistration[];
}

const sameItem = (a: { orderId: number; orderItemId: string }, b: { orderId: number; orderItemId: string }) =>
  a.orderId === b.orderId && a.orderItemId === b.orderItemId;

export const registrationFolder = {
  initialState: (): RegistrationState => ({ registrations: [] }),
  evolve: (state: RegistrationState, event: ConsumptionEvent): RegistrationState => {
    if (event.type === 'PayPerUseRegistered') return { registrations: [...state.registrations, event.data] };
    if (event.type === 'PayPerUseEnded') {
      return {
        registrations: state.registrations.map((registration) =>
          sameItem(registration, event.data) ? { ...registration, endsOn: event.data.from } : registration,
        ),
      };
    }
    return state;
  },
};

/** A paid order item registers its keycard once (a redelivered OrderPaid registers nothing more). */
export function decideRegistration(
  registration: PayPerUseRegistration,
  state: RegistrationState,
): ConsumptionEvent[] {
  const known = state.registrations.some((existing) => sameItem(existing, registration));
  return known ? [] : [{ type: 'PayPerUseRegistered', data: registration }];
}

/** The order item of a registration was cancelled: it bills no day from `from` on (once; unknown items: nothing). */
export function decideRegistrationEnd(
  end: { keycardId: number; orderId: number; orderItemId: string; from: string },
  state: RegistrationState,
): ConsumptionEvent[] {
  const registration = state.registrations.find((existing) => sameItem(existing, end));
  return !registration || registration.endsOn !== undefined ? [] : [{ type: 'PayPerUseEnded', data: end }];
}

/** The registration that bills `day`: the latest one that began on or before it, of the card's
 * current account (a card that moved to another account is not billed to the old one). */
export function registrationOn(
  state: RegistrationState,
  day: string,
  accountId: string,
): PayPerUseRegistration | null {
  const covering = state.registrations.filter(
    (registration) =>
      registration.from <= day &&
      registration.accountId === accountId &&
      !(registration.endsOn !== undefined && registration.endsOn <= day),
  );
  const found = covering[covering.length - 1];
  if (!found) return null;
  const { endsOn: _ended, ...registration } = found;
  return registration;
}
