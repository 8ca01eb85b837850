import type { ConsumptionEvent, PayPerUseRegistration } from '@alpenpass/contracts';

/** The pay-per-use registrations of one keycard (stream payperuse-<keycardId>), oldest first. */
export interface RegistrationState {
  registrations: PayPerUseRegistration[];
}

export const registrationFolder = {
  initialState: (): RegistrationState => ({ registrations: [] }),
  evolve: (state: RegistrationState, event: ConsumptionEvent): RegistrationState =>
    event.type === 'PayPerUseRegistered' ? { registrations: [...state.registrations, event.data] } : state,
};

/** A paid order item registers its keycard once (a redelivered OrderPaid registers nothing more). */
export function decideRegistration(registration: PayPerUseRegistration, state: RegistrationState): ConsumptionEvent[] {
  const known = state.registrations.some((existing) => existing.orderId === registration.orderId && existing.orderItemId === registration.orderItemId);
  return known ? [] : [{ type: 'PayPerUseRegistered', data: registration }];
}

/** The registration that bills `day`: the latest one that began on or before it, of the card's
 * current account (a card that moved to another account is not billed to the old one). */
export function registrationOn(state: RegistrationState, day: string, accountId: string): PayPerUseRegistration | null {
  const covering = state.registrations.filter((registration) => registration.from <= day && registration.accountId === accountId);
  return covering[covering.length - 1] ?? null;
}
