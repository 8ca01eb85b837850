export const roles = ['customer', 'admin', 'integrator'] as const;
export type Role = (typeof roles)[number];

/** Who is calling, as proven by a verified bearer token. Guests have no principal. */
export interface Principal {
  subject: string;
  roles: Role[];
  /** the customer account the token speaks for (customers only) */
  accountId: string | null;
  /** who signed the token (absent for principals made in tests) */
  issuer?: string;
}

/** Which callers a route admits. 'public' admits guests too. */
export type Access = 'public' | 'customer' | 'admin' | 'integrator';

/** A guest identity (POST /users/authenticate-guest) is a customer token whose subject names its GUEST account. */
export const guestSubject = (accountId: string): string => `guest:${accountId}`;
export const isGuestIdentity = (principal: Principal | null): boolean =>
  principal?.subject.startsWith('guest:') ?? false;
/** The GUEST account a guest identity's token speaks for (by its subject, whatever account it is linked to since). */
export const guestAccountOf = (principal: Principal): string | null =>
  principal.subject.startsWith('guest:') ? principal.subject.slice('guest:'.length) : null;

/** Operator staff: may use staff-only options of customer routes (booking-window and capacity flags). */
export const isStaff = (principal: Principal | null): boolean => principal?.roles.includes('admin') ?? false;

export function admits(access: Access, principal: Principal | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if (access === 'public') return 'ok';
  if (!principal) return 'unauthenticated';
  if (principal.roles.includes(access)) return 'ok';
  // staff may read what integrators read
  if (access === 'integrator' && principal.roles.includes('admin')) return 'ok';
  return 'forbidden';
}
