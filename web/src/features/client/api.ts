import { api } from '../../lib/api/api-slice';

/** §7 GET /clients/current: the shop's client with the §6 flags the SPA acts on. */
export interface CurrentClient {
  id: number;
  name: string;
  featureFlags: Record<string, boolean>;
}

export const clientApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentClient: build.query<CurrentClient, void>({
      query: () => '/clients/current',
      providesTags: ['Client'],
    }),
  }),
});

export const { useGetCurrentClientQuery } = clientApi;
