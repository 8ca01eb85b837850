import { createApi } from '@reduxjs/toolkit/query/react';
import { appConfig } from '../../config/current-config';
import { sessionAccessToken, sessionAnswered } from '../session/access-token';
import { createBaseQuery } from './base-query';
import { cacheTagTypes } from './cache-tags';
import { withQueryRetries } from './retry-policy';
import { admissionTokens } from './waiting-room-admissions';

/**
 * The single RTK Query api slice. Features add their endpoints with `api.injectEndpoints` in
 * `features/<context>/api.ts`, so each feature's calls are bundled with the feature.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: withQueryRetries(
    createBaseQuery({
      settings: appConfig,
      currentUrl: () => window.location.href,
      goTo: (url) => window.location.assign(url),
      sessionAccessToken,
      admissionTokens: () => admissionTokens(),
      sessionAnswered,
    }),
  ),
  tagTypes: cacheTagTypes,
  endpoints: () => ({}),
  // §8: refetch on mount, never on window focus or reconnect.
  refetchOnMountOrArgChange: true,
  refetchOnFocus: false,
  refetchOnReconnect: false,
});
