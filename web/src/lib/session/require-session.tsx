import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { pageToken, tokenDelivery } from '../api/request-context';
import { useSession } from './session-context';
import { sessionMessages } from './session-messages';

/**
 * §2's address for an unauthenticated visitor: the sign-in service with error=SessionRequired and the
 * current address. The server sends it on to the shop's own, translated /auth-selector with the same
 * parameters (docs/auth.md), so the SPA goes there directly.
 */
export const signInUrl = (currentUrl: string) =>
  `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(currentUrl)}`;

/** The shop's sign-in page in the page's language, with §2's parameters. */
export const sessionRequiredUrl = (locale: string, currentUrl: string) =>
  `/${locale}/auth-selector?error=SessionRequired&callbackUrl=${encodeURIComponent(currentUrl)}`;

/**
 * A page that needs a signed-in customer. A session, or a customer token in the page's address (§2,
 * `npm run token -- customer <accountId>`), lets the visitor in; anyone else goes to the shop's
 * sign-in page with error=SessionRequired and the current address as callbackUrl — also while the
 * sign-in service is not deployed, where that page explains it.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const { locale = 'de' } = useParams();
  const hasCustomerToken = tokenDelivery(pageToken(window.location.href)).bearer !== undefined;
  // a session whose token could not be renewed (docs/auth.md, RefreshAccessTokenError) must sign in again
  const allowed = hasCustomerToken || (session.status === 'authenticated' && !session.data?.error);
  const mustSignIn = !allowed && session.status !== 'loading';

  useEffect(() => {
    if (mustSignIn) void navigate(sessionRequiredUrl(locale, window.location.href), { replace: true });
  }, [mustSignIn, navigate, locale]);

  if (allowed) return children;
  return <p role="status">{intl.formatMessage(sessionMessages.checking)}</p>;
}
