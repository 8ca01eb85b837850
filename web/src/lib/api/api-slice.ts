import { buildCreateApi, coreModule } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import { appConfig } from '../../config/current-config';
import { buildEnv } from '../../config/build-env';
import { sessionAccessToken, sessionAnswered } from '../session/access-token';
import { SERVER_STATE_ACTION } from '../server-rendering/server-state';
import { serverBaseQuery } from '../server-rendering/server-queries';
import { createBaseQuery, type ApiBaseQuery } from './base-query';
import { cacheTagTypes } from './cache-tags';
import { withQueryRetries } from './retry-policy';
import { admissionTokens } from './waiting-room-admissions';

const browserBaseQuery = withQueryRetries(
  createBaseQuery({
    settings: appConfig,
    currentUrl: () => window.location.href,
    goTo: (url) => window.location.assign(url),
    sessionAccessToken,
    admissionTokens: () => admissionTokens(),
    sessionAnswered,
  }),
);

/** In the browser the page's own calls; while the server renders a page, its store's (server-queries.ts). */
const baseQuery: ApiBaseQuery = (args, queryApi, extraOptions) =>
  serverBaseQuery(queryApi)?.(args, queryApi, extraOptions) ?? browserBaseQuery(args, queryApi, extraOptions);

// the server bundle's hooks start their queries while rendering, so that a render shows what it asks
// for once the queries have answered (entry-server.tsx renders again until nothing new is asked)
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: buildEnv.serverRendering === true }),
);

/**
 * The single RTK Query api slice. Features add their endpoints with `api.injectEndpoints` in
 * `features/<context>/api.ts`, so each feature's calls are bundled with the feature.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: cacheTagTypes,
  endpoints: () => ({}),
  // a server-rendered page's answers, inlined in its HTML, are the cache's first state (main.tsx)
  // (the slice's own state type, which this declaration defines, so it cannot be named here)
  extractRehydrationInfo: (action, { reducerPath }) =>
    action.type === SERVER_STATE_ACTION
      ? ((action as unknown as { payload: Record<string, unknown> }).payload[reducerPath] as never)
      : undefined,
  // §8: refetch on mount, never on window focus or reconnect; a server render asks each query once
  refetchOnMountOrArgChange: buildEnv.serverRendering !== true,
  refetchOnFocus: false,
  refetchOnReconnect: false,
});
