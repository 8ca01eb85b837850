import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/session/session-context';
import { useGetBasketQuery, useGetCurrentBasketQuery } from '../api';
import { basketIdStore } from './basket-id';

const isNotFound = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

/**
 * The customer's basket, the one source every page and the header read (docs/basket.md, "The
 * customer's basket, not the tab's"): the basket whose id this browser keeps; signed in, when that is
 * missing or empty, the account's open basket (`GET /baskets/current`), which is then kept. A kept id the
 * server no longer answers (another account's, or gone) is forgotten.
 */
export function useCurrentBasket() {
  const session = useSession();
  const keptId = useSyncExternalStore(basketIdStore.subscribe, basketIdStore.get, basketIdStore.getOnServer);
  const kept = useGetBasketQuery(keptId ?? skipToken);
  const keptEmpty = keptId !== null && kept.data?.entries.length === 0;
  const signedIn = session.status === 'authenticated';
  const current = useGetCurrentBasketQuery(signedIn && (!keptId || keptEmpty) ? undefined : skipToken);

  const found = current.data?.id;
  useEffect(() => {
    if (found && found !== keptId) basketIdStore.keep(found);
  }, [found, keptId]);
  const gone = keptId !== null && isNotFound(kept.error);
  useEffect(() => {
    if (gone && keptId) basketIdStore.forget(keptId);
  }, [gone, keptId]);

  return {
    basketId: gone ? null : keptId,
    basket: keptId && !gone ? kept.data : undefined,
    isLoading:
      session.status === 'loading' || current.isLoading || (keptId !== null && !gone && kept.isLoading),
  };
}
