import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';

export interface CurrentUser {
  id: string;
  email: string;
  language: Language;
  deletedAt: Date | null;
  deleteAfter: Date | null;
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    // §7: GET /users/current with the language mapped from the locale; the user is in a data field.
    getCurrentUser: build.query<CurrentUser, Language>({
      query: (language) => ({ url: '/users/current', params: { language } }),
      transformResponse: (response: { data: CurrentUser }) => response.data,
      providesTags: ['Account'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = accountApi;
