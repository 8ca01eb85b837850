import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { useSession, useSessionClient } from '../../lib/session/session-context';
import { authMessages } from './messages';

/** The header's sign-in link, or sign-out for a signed-in customer (§7 POST /api/auth/signout). */
export function SessionMenu({ locale }: { locale: Language }) {
  const intl = useIntl();
  const session = useSession();
  const client = useSessionClient();
  const { pathname, search } = useLocation();
  const [signingOut, setSigningOut] = useState(false);

  if (session.status === 'loading' || !session.serviceAvailable) return null;
  if (session.status === 'authenticated') {
    const signOut = async () => {
      setSigningOut(true);
      try {
        // a full page load afterwards: nothing of the signed-out account stays in the page's cache
        leaveShopFor(await client.signOut(`${window.location.origin}/${locale}`));
      } finally {
        setSigningOut(false);
      }
    };
    return (
      <button
        type="button"
        className="secondary session-button"
        disabled={signingOut}
        onClick={() => void signOut()}
      >
        {intl.formatMessage(authMessages.headerSignOut)}
      </button>
    );
  }
  if (pathname.endsWith('/auth-selector')) return null;
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  return (
    <Link to={`/${locale}/auth-selector?returnTo=${returnTo}`}>
      {intl.formatMessage(authMessages.selectorSignIn)}
    </Link>
  );
}
