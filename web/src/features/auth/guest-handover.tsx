import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useGetBasketQuery } from '../basket/api';
import { basketIdStore } from '../basket/state/basket-id';
import { useSession } from '../../lib/session/session-context';
import { GUEST_TOKEN_KEY, useGuestHandoverMutation } from './guest-api';

/**
 * A guest's basket and orders follow them into their account at sign-in (docs/account.md): once the
 * session has an access token, the guest identity's token (kept by the guest checkout) and the
 * basket of the page are handed over; the guest token is dropped when that worked. Only an anonymous
 * basket is the page's to hand over: the account's own (or one in checkout) would be refused, and a page
 * makes no call it expects to fail.
 */
export function GuestHandover() {
  const session = useSession();
  const [handOver] = useGuestHandoverMutation();
  const done = useRef<string | null>(null);
  const accessToken = session.status === 'authenticated' ? session.data?.accessToken : undefined;
  const keptId = useSyncExternalStore(basketIdStore.subscribe, basketIdStore.get, basketIdStore.getOnServer);
  // the same cached answer the header reads: no call of its own
  const kept = useGetBasketQuery(keptId ?? skipToken);
  const known = keptId === null || kept.data !== undefined || kept.isError;
  const anonymousBasketId = kept.data && kept.data.accountId === null ? kept.data.id : undefined;

  useEffect(() => {
    if (typeof accessToken !== 'string' || !known || done.current === accessToken) return;
    done.current = accessToken;
    const guestToken = sessionStorage.getItem(GUEST_TOKEN_KEY) ?? undefined;
    void (async () => {
      // one call each: a basket that cannot move (checked out meanwhile) does not keep the guest's orders back
      if (guestToken && !(await handOver({ guestToken })).error) sessionStorage.removeItem(GUEST_TOKEN_KEY);
      if (anonymousBasketId) await handOver({ basketId: anonymousBasketId });
    })();
  }, [accessToken, known, anonymousBasketId, handOver]);
  return null;
}
