import { useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { Outlet, useParams } from 'react-router';
import { fallbackLanguage, isLanguage } from '@alpenpass/contracts/src/language-codes';
import { TEXT_TIME_ZONE } from '../../i18n/message-catalogue';
import { appConfig } from '../../config/current-config';
import { shopHeaders } from '../../lib/api/request-context';
import { SessionProvider } from '../../lib/session/session-context';
import { ErrorBoundary } from '../errors/error-boundary';
import { AppShell } from '../app-shell';
import { rememberLocale } from './locale-cookie';
import { useCatalogue } from './use-catalogue';
import { useEarlyQueries } from './use-early-queries';

/**
 * Every page lives below `/:locale`. An unsupported locale renders nothing at all (§2); a
 * supported one is remembered in the locale cookie and drives all texts.
 */
const sessionOptions = {
  pollIntervalMs: appConfig.sessionPollSeconds * 1000,
  headers: () => shopHeaders(appConfig, crypto.randomUUID()),
};

export function LocaleLayout() {
  const { locale } = useParams();
  const supported = isLanguage(locale) ? locale : undefined;
  const messages = useCatalogue(supported);
  useEarlyQueries(supported);

  useEffect(() => {
    if (!supported) return;
    rememberLocale(supported);
    document.documentElement.lang = supported;
  }, [supported]);

  if (!supported || !messages) return null;
  return (
    <SessionProvider options={sessionOptions}>
      <IntlProvider
        locale={supported}
        defaultLocale={fallbackLanguage}
        messages={messages}
        timeZone={TEXT_TIME_ZONE}
      >
        <ErrorBoundary locale={supported}>
          <AppShell locale={supported}>
            <Outlet />
          </AppShell>
        </ErrorBoundary>
      </IntlProvider>
    </SessionProvider>
  );
}
