import { useEffect, useRef } from 'react';
import { basketIdStore } from '../basket/state/basket-id';
import { useSession } from '../../lib/session/session-context';
import { GUEST_TOKEN_KEY, useGuestHandoverMutation } from './guest-api';

/**
 * A guest's basket and orders follow them into their account at sign-in (docs/account.md): once the
 * session has an access token, the guest identity's token (kept by the guest checkout) and the
 * basket of the page are handed over; the guest token is dropped when that worked.
 */
export function GuestHandover() {
  const session = useSession();
  const [handOver] = useGuestHandoverMutation();
  const done = useRef<string | null>(null);
  const accessToken = session.status === 'authenticated' ? session.data?.accessToken : undefined;

  useEffect(() => {
    if (typeof accessToken !== 'string' || done.current === accessToken) return;
    done.current = accessToken;
    const guestToken = sessionStorage.getItem(GUEST_TOKEN_KEY) ?? undefined;
    const basketId = basketIdStore.get() ?? undefined;
    void (async () => {
      // one call each: a basket that cannot move (checked out meanwhile) does not keep the guest's orders back
      if (guestToken && !(await handOver({ guestToken })).error) sessionStorage.removeItem(GUEST_TOKEN_KEY);
      if (basketId) await handOver({ basketId });
    })();
  }, [accessToken, handOver]);
  return null;
}
