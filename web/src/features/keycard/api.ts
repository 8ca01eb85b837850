import type { KeycardClientKey, KeycardStatus, KeycardType } from '@alpenpass/contracts/src/domain/keycard';
import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';

/** §3 Keycard as GET /keycards answers it (docs/keycards.md); dataCarrierId is the number as printed. */
export interface Keycard {
  id: number;
  personId: number;
  type: KeycardType;
  clientKey: KeycardClientKey;
  status: KeycardStatus;
  dataCarrierId: string;
  fields: Record<string, unknown>;
  createdAt: Date;
}

/** POST /keycards: whose card, its type and the type's fields (validity as {from, to}). */
export type NewKeycard = { personId: number; type: KeycardType } & Record<string, unknown>;

/** §7 Keycards: the signed-in customer's cards, added and deleted (cancelled). */
export const keycardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getKeycards: build.query<Keycard[], void>({
      query: () => '/keycards',
      providesTags: (keycards = []) => [
        { type: 'Keycard', id: LIST_TAG_ID },
        ...keycards.map((keycard) => ({ type: 'Keycard' as const, id: keycard.id })),
      ],
    }),
    addKeycard: build.mutation<Keycard, NewKeycard>({
      query: (body) => ({ url: '/keycards', method: 'POST', body }),
      // The new card joins the list at once, so a chooser that selects it never shows it missing meanwhile.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: added } = await queryFulfilled.catch(() => ({ data: null }));
        if (!added) return;
        dispatch(
          keycardApi.util.updateQueryData('getKeycards', undefined, (cards) => {
            if (!cards.some((card) => card.id === added.id)) cards.push(added);
          }),
        );
      },
      invalidatesTags: [{ type: 'Keycard', id: LIST_TAG_ID }],
    }),
    removeKeycard: build.mutation<void, number>({
      query: (keycardId) => ({ url: `/keycards/${keycardId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Keycard', id: LIST_TAG_ID }],
    }),
  }),
});

export const { useGetKeycardsQuery, useAddKeycardMutation, useRemoveKeycardMutation } = keycardApi;
