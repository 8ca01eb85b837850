import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { LanguageOptions } from '../components/language-field';
import { BookingProgress, bookingStepOf } from '../components/booking-progress';
import { NavigationProgress } from '../components/navigation-progress';
import { PrefetchNavLink } from '../components/prefetch-nav-link';
import { withPageToken } from '../lib/session/page-token';
import { SessionMenu } from '../features/auth/session-menu';
import { AccountDeletionGate } from '../features/account/account-deletion-gate';
import { GuestHandover } from '../features/auth/guest-handover';
import { basketMessages } from '../features/basket/messages';
import { useCurrentBasket } from '../features/basket/state/use-current-basket';
import { useBranding } from './branding/use-branding';
import { useFocusHeadingOnNavigation } from './focus-on-navigation';
import { shellMessages } from './shell-messages';
import { ShopFooter } from './shop-footer';
import { pathInLanguage } from '../lib/navigation/path-in-language';
import { ShopNameContext } from '../lib/document-title';

/** Header with skip link, the operator's logo, navigation and language switch, and the booking steps, around every localized page. */
export function AppShell({ locale, children }: { locale: Language; children: ReactNode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const basketCount = useCurrentBasket().basket?.entries.length ?? 0;
  const client = useBranding();
  useFocusHeadingOnNavigation(pathname);
  const page = pathname.split('/').slice(2).join('/');
  // the page before this one (state derived during render, as React advises for "previous" values)
  const [pages, setPages] = useState({ current: page, previous: '' });
  if (pages.current !== page) setPages({ current: page, previous: pages.current });
  const step = bookingStepOf(page, pages.previous.startsWith('checkout/'));

  const switchLanguage = (next: Language) => {
    void navigate(pathInLanguage(next, pathname, search));
  };
  const name = client?.name ?? intl.formatMessage(shellMessages.appName);
  const logo = client?.branding?.logoUrl;

  return (
    <ShopNameContext.Provider value={name}>
      <NavigationProgress />
      <a className="skip-link" href="#main">
        {intl.formatMessage(shellMessages.skipToContent)}
      </a>
      <header className="app-header">
        <NavLink
          to={withPageToken(`/${locale}`, search)}
          className="app-brand"
          aria-label={intl.formatMessage(shellMessages.homeLink, { name })}
          end
        >
          {logo && <img className="app-logo" src={logo} alt="" width={40} height={40} />}
          <span className="app-name">{name}</span>
        </NavLink>
        <nav aria-label={intl.formatMessage(shellMessages.mainNavigation)}>
          <NavLink to={withPageToken(`/${locale}`, search)} end className="nav-catalogue">
            {intl.formatMessage(shellMessages.catalogueLink)}
          </NavLink>
          <PrefetchNavLink
            to={withPageToken(`/${locale}/basket`, search)}
            prefetch={() => import('../features/checkout/page/basket-checkout-page')}
          >
            {basketCount > 0
              ? intl.formatMessage(basketMessages.navLinkWithCount, { count: basketCount })
              : intl.formatMessage(basketMessages.navLink)}
          </PrefetchNavLink>
          <PrefetchNavLink
            to={withPageToken(`/${locale}/profile`, search)}
            prefetch={() => import('../features/account/profile-page')}
          >
            {intl.formatMessage(shellMessages.profileLink)}
          </PrefetchNavLink>
          <SessionMenu locale={locale} />
        </nav>
        <label className="language-switch">
          <span className="language-label">{intl.formatMessage(shellMessages.languageLabel)}</span>
          <select value={locale} onChange={(event) => switchLanguage(event.target.value as Language)}>
            <LanguageOptions />
          </select>
        </label>
      </header>
      {step && <BookingProgress current={step} />}
      <AccountDeletionGate locale={locale} />
      <GuestHandover />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <ShopFooter locale={locale} client={client} />
    </ShopNameContext.Provider>
  );
}
