import { useLocation } from 'react-router';
import { pageToken, tokenDelivery } from '../api/request-context';
import { useSession } from './session-context';

/** The page's `token` (§2), to keep in the addresses the checkout sends the customer to. */
export function usePageToken(): string | undefined {
  const { search } = useLocation();
  return pageToken(`http://page.invalid/${search}`);
}

/** A signed-in customer (session, or a customer's bearer token in the address), not a guest. */
export function useIsCustomer(): boolean {
  const session = useSession();
  const token = usePageToken();
  return session.status === 'authenticated' || tokenDelivery(token).bearer !== undefined;
}
