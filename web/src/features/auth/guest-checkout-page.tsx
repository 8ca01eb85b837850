import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { languages, type Language } from '@alpenpass/contracts/src/language-codes';
import { LanguageField } from '../../components/language-field';
import { SimplePage } from '../../components/simple-page';
import { sessionRequiredUrl } from '../../lib/session/require-session';
import { useGetCurrentClientQuery } from '../client/api';
import {
  GUEST_TOKEN_KEY,
  useAuthenticateGuestMutation,
  useGuestHandoverMutation,
  useStartGuestCheckoutMutation,
} from './guest-api';
import { guestMessages } from './guest-messages';

/**
 * /:locale/guest-checkout?basketId= (guestCheckout on, §6): e-mail and language → a guest identity
 * (POST /users/authenticate-guest) → the basket becomes the guest's → POST /checkout as the guest →
 * the checkout page, the guest's token passed on as the §2 page token. Without the flag, or for a
 * signed-in customer, the visitor signs in instead and comes back to the basket.
 */
export function GuestCheckoutPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { locale = 'de' } = useParams();
  const [query] = useSearchParams();
  const basketId = query.get('basketId');
  const client = useGetCurrentClientQuery();
  const [authenticate] = useAuthenticateGuestMutation();
  const [handOver] = useGuestHandoverMutation();
  const [startCheckout] = useStartGuestCheckoutMutation();
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<Language>(
    (languages as readonly string[]).includes(locale) ? (locale as Language) : 'de',
  );
  const [problem, setProblem] = useState<'email' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const basketUrl = `${window.location.origin}/${locale}/basket`;

  if (client.isLoading) return null;
  if (client.data?.featureFlags.guestCheckout !== true || !basketId)
    return <Navigate replace to={sessionRequiredUrl(locale, basketUrl)} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setProblem('email');
    setBusy(true);
    setProblem(null);
    try {
      const guest = await authenticate({ email: email.trim(), language });
      if (guest.error) return setProblem('failed');
      const token = guest.data.accessToken;
      sessionStorage.setItem(GUEST_TOKEN_KEY, token);
      if ((await handOver({ basketId, as: token })).error) return setProblem('failed');
      const checkout = await startCheckout({ basketId, guestToken: token });
      if (checkout.error) return setProblem('failed');
      await navigate(`/${locale}/checkout/${checkout.data.id}?token=${encodeURIComponent(token)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SimplePage
      title={intl.formatMessage(guestMessages.title)}
      description={intl.formatMessage(guestMessages.description)}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="account-card">
        <div className="field">
          <label htmlFor="guest-email">{intl.formatMessage(guestMessages.email)}</label>
          <input
            id="guest-email"
            type="email"
            autoComplete="email"
            value={email}
            aria-invalid={problem === 'email'}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <LanguageField
          id="guest-language"
          label={intl.formatMessage(guestMessages.language)}
          value={language}
          onChange={setLanguage}
        />
        <button type="submit" className="button" disabled={busy}>
          {intl.formatMessage(busy ? guestMessages.working : guestMessages.submit)}
        </button>
      </form>
      {problem && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(problem === 'email' ? guestMessages.emailInvalid : guestMessages.failed)}
        </p>
      )}
      <p>
        {intl.formatMessage(guestMessages.orSignIn)}{' '}
        <Link to={`/${locale}/auth-selector?returnTo=${encodeURIComponent(basketUrl)}`}>
          {intl.formatMessage(guestMessages.signIn)}
        </Link>
      </p>
    </SimplePage>
  );
}

export default GuestCheckoutPage;
