import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { languages, type Language } from '@alpenpass/contracts/src/language-codes';
import { PrefetchNavLink } from '../components/prefetch-nav-link';
import { withPageToken } from '../lib/session/page-token';
import { SessionMenu } from '../features/auth/session-menu';
import { AccountDeletionGate } from '../features/account/account-deletion-gate';
import { GuestHandover } from '../features/auth/guest-handover';
import { basketMessages } from '../features/basket/messages';
import { useBasketState } from '../features/basket/state/basket-store';
import { shellMessages } from './shell-messages';

const languageNames: Record<Language, string> = { de: 'Deutsch', en: 'English', fr: 'Français' };

/** Header with skip link, navigation and language switch around every localized page. */
export function AppShell({ locale, children }: { locale: Language; children: ReactNode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const basketCount = useBasketState().basket.entries.length;

  const switchLanguage = (next: Language) => {
    const rest = pathname.split('/').slice(2).join('/');
    void navigate(`/${next}${rest ? `/${rest}` : ''}${search}`);
  };

  return (
    <>
      <a className="skip-link" href="#main">
        {intl.formatMessage(shellMessages.skipToContent)}
      </a>
      <header className="app-header">
        <span className="app-name">{intl.formatMessage(shellMessages.appName)}</span>
        <nav aria-label={intl.formatMessage(shellMessages.mainNavigation)}>
          <NavLink to={`/${locale}`} end>
            {intl.formatMessage(shellMessages.catalogueLink)}
          </NavLink>
          <PrefetchNavLink to={`/${locale}/basket`} prefetch={() => import('../features/basket/page/basket-page')}>
            {basketCount > 0 ? intl.formatMessage(basketMessages.navLinkWithCount, { count: basketCount }) : intl.formatMessage(basketMessages.navLink)}
          </PrefetchNavLink>
          <PrefetchNavLink to={withPageToken(`/${locale}/profile`, search)} prefetch={() => import('../features/account/profile-page')}>
            {intl.formatMessage(shellMessages.profileLink)}
          </PrefetchNavLink>
          <SessionMenu locale={locale} />
        </nav>
        <label className="language-switch">
          <span>{intl.formatMessage(shellMessages.languageLabel)}</span>
          <select value={locale} onChange={(event) => switchLanguage(event.target.value as Language)}>
            {languages.map((language) => (
              <option key={language} value={language} lang={language}>
                {languageNames[language]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <AccountDeletionGate locale={locale} />
      <GuestHandover />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
