import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { signInPageUrl } from '../../lib/session/sign-in-links';
import { orderSignInMessages } from './order-sign-in-messages';

/** An order's address opened signed out (another device, a mail): sign in and come back to it; a guest's order opens from its link. */
export function SignInForOrder({ language }: { language: Language }) {
  const intl = useIntl();
  return (
    <div className="notice" role="status">
      <p>{intl.formatMessage(orderSignInMessages.signInToSee)}</p>
      <p>
        <Link className="button" to={signInPageUrl(language, window.location.href)}>
          {intl.formatMessage(orderSignInMessages.signIn)}
        </Link>
      </p>
      <p>{intl.formatMessage(orderSignInMessages.guestLink)}</p>
    </div>
  );
}
