import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { useSession } from '../../lib/session/session-context';
import { authMessages } from './messages';

/** Only same-origin paths are followed back, so returnTo cannot send visitors to another site. */
function safeReturnPath(returnTo: string | null): string | undefined {
  if (!returnTo) return undefined;
  try {
    const target = new URL(returnTo, window.location.origin);
    return target.origin === window.location.origin ? `${target.pathname}${target.search}${target.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * §2: /auth-selector?error=AUTH_ERROR&returnTo=… — where a 401 sends the visitor; also where a
 * protected page sends them (error=SessionRequired) while the sign-in service is not deployed.
 */
export function AuthSelectorPage() {
  const intl = useIntl();
  const [query] = useSearchParams();
  const returnPath = safeReturnPath(query.get('returnTo'));
  const session = useSession();
  const signInUrl = `/api/auth/signin?callbackUrl=${encodeURIComponent(returnPath ?? window.location.pathname)}`;
  const error = query.get('error');
  return (
    <SimplePage title={intl.formatMessage(authMessages.selectorTitle)} description={intl.formatMessage(authMessages.selectorDescription)}>
      {error === 'AUTH_ERROR' && <p role="alert">{intl.formatMessage(authMessages.selectorAuthError)}</p>}
      {error === 'SessionRequired' && <p role="alert">{intl.formatMessage(authMessages.selectorSessionRequired)}</p>}
      {session.serviceAvailable ? (
        <p>
          <a className="button" href={signInUrl}>
            {intl.formatMessage(authMessages.selectorSignIn)}
          </a>
        </p>
      ) : (
        <p className="hint">{intl.formatMessage(authMessages.selectorUnavailable)}</p>
      )}
      {returnPath && (
        <p>
          <a href={returnPath}>{intl.formatMessage(authMessages.selectorBack)}</a>
        </p>
      )}
    </SimplePage>
  );
}

export default AuthSelectorPage;
