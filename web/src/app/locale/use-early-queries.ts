import { useEffect } from 'react';
import { useMatch } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { catalogueApi } from '../../features/catalogue/api';
import { clientApi } from '../../features/client/api';

/**
 * Starts the queries the first screen waits for while the locale's messages are still loading, so the
 * two round trips run side by side instead of one after the other: the channel (branding, header) on
 * every page, the catalogue on the home page. The pages' own hooks then find them in the cache.
 */
export function useEarlyQueries(locale: Language | undefined): void {
  const prefetchClient = clientApi.usePrefetch('getCurrentClient');
  const prefetchCatalogue = catalogueApi.usePrefetch('getCatalogue');
  const home = useMatch('/:locale') !== null;
  useEffect(() => {
    if (!locale) return;
    prefetchClient(undefined);
    if (home) prefetchCatalogue(locale);
  }, [locale, home, prefetchClient, prefetchCatalogue]);
}
