import { api } from '../../lib/api/api-slice';

/** Where the /auth/link page keeps the token of the account to keep while the visitor signs in with the other identity. */
export const LINK_KEEP_KEY = 'alpenpass.link.keep';

export interface PendingLink {
  /** the access token of the account that stays: it authorises POST /users/account/link */
  keepToken: string;
  keepName: string;
}

export interface LinkedIdentities {
  accountId: string;
  identities: { provider: string; userId: string }[];
}

/** The subject (`sub`) of a signed access token; undefined for anything that is not one. */
export function subjectOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}

export function readPendingLink(): PendingLink | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(LINK_KEEP_KEY) ?? 'null') as Partial<PendingLink> | null;
    return typeof stored?.keepToken === 'string'
      ? { keepToken: stored.keepToken, keepName: stored.keepName ?? '' }
      : null;
  } catch {
    return null;
  }
}

export const savePendingLink = (link: PendingLink) =>
  sessionStorage.setItem(LINK_KEEP_KEY, JSON.stringify(link));
export const dropPendingLink = () => sessionStorage.removeItem(LINK_KEEP_KEY);

/** §7 POST /users/account/link: the kept account's token authorises, the signed-in identity's token proves the other one. */
export const linkApi = api.injectEndpoints({
  endpoints: (build) => ({
    linkIdentity: build.mutation<
      LinkedIdentities,
      { keepToken: string; newAccountSub: string; linkToken: string }
    >({
      query: ({ keepToken, ...body }) => ({
        url: '/users/account/link',
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${keepToken}` },
      }),
      invalidatesTags: ['Account', 'Order'],
    }),
  }),
});

export const { useLinkIdentityMutation } = linkApi;
