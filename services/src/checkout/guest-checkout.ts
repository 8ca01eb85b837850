import { isGuestIdentity, isStaff, type Principal } from '../platform/auth/principal';
import { Problem } from '../platform/http/problem';

/** The 401 a caller gets who must sign in to check out; the SPA turns every 401 into its sign-in page (§8). */
export const SIGN_IN_REQUIRED = 'SIGN_IN_REQUIRED';

/**
 * guestCheckout (§6, docs/feature-flags.md): who may turn a basket into an order. Signed-in customers
 * and staff always; guests — anonymous callers (their order is read with its access token) and guest
 * identities of POST /users/authenticate-guest — only while the flag is on.
 */
export function assertMayCheckOut(principal: Principal | null, guestCheckout: boolean): void {
  if (guestCheckout || isStaff(principal)) return;
  if (principal?.accountId && !isGuestIdentity(principal)) return;
  throw Problem.unauthorized('Please sign in to check out.', SIGN_IN_REQUIRED);
}
