import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { pageToken, tokenDelivery } from '../api/request-context';
import { leaveShopFor } from '../navigation/leave-shop';
import { useSession } from './session-context';
import { sessionMessages } from './session-messages';

/** §2: where the sign-in service sends an unauthenticated visitor back to after signing in. */
export const signInUrl = (currentUrl: string) =>
  `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(currentUrl)}`;

/**
 * A page that needs a signed-in customer. A session, or a customer token in the page's address (§2,
 * `npm run token -- customer <accountId>`), lets the visitor in; anyone else is sent to sign in with
 * error=SessionRequired and the current address. While the sign-in service is not deployed
 * (/api/auth/session answers 404) the shop's own /auth-selector explains it instead.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const { locale } = useParams();
  const hasCustomerToken = tokenDelivery(pageToken(window.location.href)).bearer !== undefined;
  // a session whose token could not be renewed (docs/auth.md, RefreshAccessTokenError) must sign in again
  const allowed = hasCustomerToken || (session.status === 'authenticated' && !session.data?.error);
  const mustSignIn = !allowed && session.status !== 'loading';

  useEffect(() => {
    if (!mustSignIn) return;
    const here = window.location.href;
    if (session.serviceAvailable) leaveShopFor(signInUrl(here));
    else
      void navigate(`/${locale}/auth-selector?error=SessionRequired&returnTo=${encodeURIComponent(here)}`, {
        replace: true,
      });
  }, [mustSignIn, session.serviceAvailable, navigate, locale]);

  if (allowed) return children;
  return <p role="status">{intl.formatMessage(sessionMessages.checking)}</p>;
}
