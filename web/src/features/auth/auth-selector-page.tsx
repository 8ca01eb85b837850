import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useShopName } from '../../lib/document-title';
import { useParams, useSearchParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { useSession, useSessionClient } from '../../lib/session/session-context';
import { registerUrl } from '../../lib/session/sign-in-links';
import { authMessages, authValueMessages } from './messages';
import { signInErrorMessage, signInErrorOf } from './sign-in-errors';

/** Only same-origin paths are followed back, so returnTo cannot send visitors to another site. */
function safeReturnPath(returnTo: string | null): string | undefined {
  if (!returnTo) return undefined;
  try {
    const target = new URL(returnTo, window.location.origin);
    return target.origin === window.location.origin
      ? `${target.pathname}${target.search}${target.hash}`
      : undefined;
  } catch {
    return undefined;
  }
}

type Outcome =
  { kind: 'error'; error: string; code: string | null } | { kind: 'linkSent'; email: string } | null;

/**
 * §2: /auth-selector?error=…&returnTo=… — the shop's sign-in page, where a 401 (error=AUTH_ERROR)
 * and the header's "Sign in" lead: sign-in with the shop's account (the oidc provider), an e-mail
 * link, or registration. Errors of the address or of a sign-in attempt are shown in the page's language.
 */
export function AuthSelectorPage() {
  const intl = useIntl();
  const shop = useShopName();
  const { locale = 'de' } = useParams();
  const [query] = useSearchParams();
  const session = useSession();
  const sessionClient = useSessionClient();
  const returnPath = safeReturnPath(query.get('returnTo') ?? query.get('callbackUrl'));
  const callbackUrl = `${window.location.origin}${returnPath ?? `/${locale}`}`;
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');

  const addressError = query.get('error');
  const shownError =
    outcome?.kind === 'error'
      ? outcome
      : addressError
        ? { error: addressError, code: query.get('code') }
        : null;
  const signedIn = session.status === 'authenticated' && !session.data?.error;

  const attempt = async (provider: 'oidc' | 'email', fields: Record<string, string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      // the provider's sign-in form speaks the page's language (OpenID ui_locales)
      const { url } = await sessionClient.signIn(provider, fields, {
        callbackUrl,
        authorizationParams: provider === 'oidc' ? { ui_locales: locale } : {},
      });
      const failed = url ? signInErrorOf(url) : { error: 'UnknownError', code: null };
      if (failed) setOutcome({ kind: 'error', ...failed });
      else if (provider === 'email') setOutcome({ kind: 'linkSent', email: fields.email ?? '' });
      else leaveShopFor(url);
    } catch {
      setOutcome({ kind: 'error', error: 'UnknownError', code: null });
    } finally {
      setBusy(false);
    }
  };

  const sendLink = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setOutcome({ kind: 'error', error: 'EmailInvalid', code: null });
      return;
    }
    void attempt('email', { email: email.trim() });
  };

  const errorText = shownError
    ? shownError.error === 'EmailInvalid'
      ? intl.formatMessage(authMessages.emailLinkInvalid)
      : intl.formatMessage(signInErrorMessage(shownError.error, shownError.code))
    : null;

  return (
    <SimplePage
      title={intl.formatMessage(authMessages.selectorTitle)}
      description={intl.formatMessage(authMessages.selectorDescription)}
    >
      {errorText && (
        <p role="alert" className="notice-problem">
          {errorText}
        </p>
      )}
      {signedIn && session.data?.user && (
        <p>
          {intl.formatMessage(authValueMessages.signedInAs, {
            name: session.data.user.name ?? session.data.user.email ?? '',
          })}
        </p>
      )}
      {!session.serviceAvailable ? (
        <p className="hint">{intl.formatMessage(authMessages.selectorUnavailable)}</p>
      ) : (
        <>
          <p>
            <button type="button" className="button" disabled={busy} onClick={() => void attempt('oidc', {})}>
              {intl.formatMessage(authValueMessages.signInWithAccount, { shop })}
            </button>
          </p>
          <p className="hint">{intl.formatMessage(authValueMessages.signInWithAccountHint, { shop })}</p>
          <section className="account-card" aria-labelledby="email-link-heading">
            <h2 id="email-link-heading">{intl.formatMessage(authMessages.emailLinkHeading)}</h2>
            <form onSubmit={sendLink} noValidate>
              <div className="field">
                <label htmlFor="sign-in-email">{intl.formatMessage(authMessages.emailLinkLabel)}</label>
                <input
                  id="sign-in-email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <button type="submit" className="secondary" disabled={busy}>
                {intl.formatMessage(authMessages.emailLinkSubmit)}
              </button>
            </form>
            {outcome?.kind === 'linkSent' && (
              <p role="status" className="notice-success">
                {intl.formatMessage(authValueMessages.emailLinkSent, { email: outcome.email })}
              </p>
            )}
          </section>
          <section aria-labelledby="register-heading">
            <h2 id="register-heading">{intl.formatMessage(authMessages.registerHeading)}</h2>
            <p>
              <a href={registerUrl(locale)}>{intl.formatMessage(authMessages.registerLink)}</a>
            </p>
          </section>
        </>
      )}
      {busy && <p role="status">{intl.formatMessage(authMessages.working)}</p>}
      {returnPath && (
        <p>
          <a href={returnPath}>{intl.formatMessage(authMessages.selectorBack)}</a>
        </p>
      )}
    </SimplePage>
  );
}

export default AuthSelectorPage;
