import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { accountMessages } from './messages';

/** The profile's pointer to /auth/link: one account for the several ways a customer signs in. */
export function SignInsSection() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  return (
    <section className="account-card" aria-labelledby="sign-ins-heading">
      <h2 id="sign-ins-heading">{intl.formatMessage(accountMessages.signInsHeading)}</h2>
      <p>{intl.formatMessage(accountMessages.signInsExplanation)}</p>
      <p>
        <Link to={`/${locale}/auth/link`}>{intl.formatMessage(accountMessages.signInsLink)}</Link>
      </p>
    </section>
  );
}
