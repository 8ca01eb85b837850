import { isGuestIdentity, type Access, type Principal } from '../../platform/auth/principal';
import { Problem } from '../../platform/http/problem';

/** The 401 a caller gets who must sign in to check out; the SPA turns every 401 into its sign-in page (§8). */
export const SIGN_IN_REQUIRED = 'SIGN_IN_REQUIRED';

/**
 * guestCheckout (§6, docs/feature-flags.md): who may turn a basket into an order. While it is on the
 * two calls are public (anonymous callers get an order access token, guest identities buy like
 * customers); while it is off they are customer routes (no token: 401) and a guest identity's token
 * is refused with 401 SIGN_IN_REQUIRED as well.
 */
export const checkOutAccess = (guestCheckout: boolean): Access => (guestCheckout ? 'public' : 'customer');

export function assertMayCheckOut(principal: Principal | null, guestCheckout: boolean): void {
  if (guestCheckout || !isGuestIdentity(principal)) return;
  throw Problem.unauthorized('Please sign in to check out.', SIGN_IN_REQUIRED);
}
