import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
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

/** §2: /auth-selector?error=AUTH_ERROR&returnTo=… — where a 401 sends the visitor. */
export function AuthSelectorPage() {
  const intl = useIntl();
  const [query] = useSearchParams();
  const returnPath = safeReturnPath(query.get('returnTo'));
  const signInUrl = `/api/auth/signin?callbackUrl=${encodeURIComponent(returnPath ?? window.location.pathname)}`;
  return (
    <SimplePage title={intl.formatMessage(authMessages.selectorTitle)} description={intl.formatMessage(authMessages.selectorDescription)}>
      {query.get('error') === 'AUTH_ERROR' && <p role="alert">{intl.formatMessage(authMessages.selectorAuthError)}</p>}
      <p>
        <a className="button" href={signInUrl}>
          {intl.formatMessage(authMessages.selectorSignIn)}
        </a>
      </p>
      {returnPath && (
        <p>
          <a href={returnPath}>{intl.formatMessage(authMessages.selectorBack)}</a>
        </p>
      )}
    </SimplePage>
  );
}

export default AuthSelectorPage;
