import { useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * useSearchParams for state a page keeps in its address (filters, paging): a change renders at once
 * (flushSync) rather than as the router's transition, which on a busy phone showed a ticked box
 * unticked until it finished. Needs the RouterProvider of react-router/dom (main.tsx).
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const setAtOnce: SetURLSearchParams = (next, options) => setParams(next, { ...options, flushSync: true });
  return [params, setAtOnce];
}
