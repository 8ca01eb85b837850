import { useIntl } from 'react-intl';
import { NavLink, useLocation, useParams } from 'react-router';
import { withPageToken } from '../lib/session/page-token';
import { accountLinksMessages as accountMessages } from './account-links-messages';

/** The account's pages, linked with the page's token kept (§2). */
export function AccountLinks() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const { search } = useLocation();
  const link = (path: string) => withPageToken(`/${locale}${path}`, search);
  return (
    <nav className="account-links" aria-label={intl.formatMessage(accountMessages.accountLinks)}>
      <NavLink to={link('/profile')} end>
        {intl.formatMessage(accountMessages.profileLink)}
      </NavLink>
      <NavLink to={link('/profile/persons')}>{intl.formatMessage(accountMessages.personsLink)}</NavLink>
      <NavLink to={link('/orders')}>{intl.formatMessage(accountMessages.ordersLink)}</NavLink>
      <NavLink to={link('/profile/keycards')}>{intl.formatMessage(accountMessages.keycardsLink)}</NavLink>
      <NavLink to={link('/profile/subscriptions')}>
        {intl.formatMessage(accountMessages.subscriptionsLink)}
      </NavLink>
      <NavLink to={link('/profile/consumptions')}>
        {intl.formatMessage(accountMessages.consumptionsLink)}
      </NavLink>
      <NavLink to={link('/profile/online-credit')}>
        {intl.formatMessage(accountMessages.onlineCreditLink)}
      </NavLink>
      <NavLink to={link('/profile/payment-details')} end>
        {intl.formatMessage(accountMessages.paymentDetailsLink)}
      </NavLink>
    </nav>
  );
}
