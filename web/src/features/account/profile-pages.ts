import { useGetCurrentClientQuery } from '../client/api';

/**
 * enableNewProfilePages (§6, docs/spa-account.md): the profile lives under /profilev2, where a pending
 * deletion has its own reactivate page; otherwise under /profile, which shows the reactivation itself.
 * `undefined` while the shop's flags are loading.
 */
export function useNewProfilePages(): boolean | undefined {
  const client = useGetCurrentClientQuery();
  if (client.isLoading) return undefined;
  return client.data?.featureFlags.enableNewProfilePages === true;
}

/** §4: where an account whose deletion is pending is sent. */
export const reactivatePath = (locale: string, newProfilePages: boolean) =>
  newProfilePages ? `/${locale}/profilev2/reactivate` : `/${locale}/profile`;

export const profilePath = (locale: string, newProfilePages: boolean) =>
  `/${locale}/${newProfilePages ? 'profilev2' : 'profile'}`;
