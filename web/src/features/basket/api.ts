import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';
import type { Medium } from '@alpenpass/contracts/src/domain/medium';
import type {
  DayPrice,
  PriceDevelopment,
  PriceDistribution,
  PriceRequest,
  ServerBasket,
  ServerEntryInput,
  ServerSlot,
} from './server-types';

/**
 * Every basket call answers the whole basket: that answer becomes the cached basket at once, so a
 * change (add, remove, a quantity, a plate, a promo code) shows without a second read and a stale
 * entry can never be clicked again.
 */
const keepBasketAnswer = {
  async onQueryStarted(
    arg: unknown,
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ServerBasket }> },
  ) {
    const answer = await queryFulfilled.catch(() => null);
    // the first half of a quantity change (remove, then add again) is not shown: the line would vanish
    if (answer && !(arg as { partOfChange?: boolean }).partOfChange)
      dispatch(basketApi.util.upsertQueryData('getBasket', answer.data.id, answer.data));
  },
};

export interface EntryPersonalization {
  personId: number | null;
  medium: Medium | null;
  keycardId: number | null;
}

/** §7 calls of the booking experience: products, day prices, slots and the server basket. */
export const basketApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<ProductDto, { productId: number; language: Language }>({
      query: ({ productId, language }) => ({ url: `/products/${productId}`, params: { language } }),
      providesTags: (_product, _error, { productId }) => [{ type: 'Product', id: productId }],
    }),
    getProducts: build.query<ProductDto[], { productIds: number[]; language: Language }>({
      query: ({ productIds, language }) => ({
        url: '/products',
        params: { productIds: productIds.join(','), language },
      }),
      providesTags: (_products, _error, { productIds }) =>
        productIds.map((id) => ({ type: 'Product' as const, id })),
    }),
    /** Prices per definition and day (POST, but a read: a query, cached by its requests). */
    getPrices: build.query<DayPrice[], PriceRequest[]>({
      query: (requests) => ({ url: '/pricing/prices', method: 'POST', body: { requests } }),
      transformResponse: (response: { prices: DayPrice[] }) => response.prices,
      providesTags: ['Validity'],
    }),
    /** The price insight widget (flag priceInsightWidget): prices move with demand, so they are Validity data. */
    getPriceDistribution: build.query<PriceDistribution, { productDefinitionId: number; validAt: string }>({
      query: ({ productDefinitionId, validAt }) => ({
        url: '/pricing/insights/distribution',
        params: { productDefinitions: productDefinitionId, validAt },
      }),
      providesTags: ['Validity'],
    }),
    getPriceDevelopment: build.query<PriceDevelopment, { productDefinitionId: number; validAt: string }>({
      query: ({ productDefinitionId, validAt }) => ({
        url: '/pricing/insights/development',
        params: { productDefinitions: productDefinitionId, validAt },
      }),
      providesTags: ['Validity'],
    }),
    getSlots: build.query<ServerSlot[], { productId: number; from: string; to: string }>({
      query: ({ productId, from, to }) => ({
        url: `/capacities/slots/products/${productId}`,
        params: { from, to },
      }),
      providesTags: (_slots, _error, { productId }) => [{ type: 'Slot', id: productId }],
    }),
    getNextSlot: build.query<ServerSlot | null, number>({
      query: (productId) => `/capacities/slots/products/${productId}/next`,
      providesTags: (_slot, _error, productId) => [{ type: 'Slot', id: productId }],
    }),
    getBasket: build.query<ServerBasket, string>({
      query: (basketId) => `/baskets/${basketId}`,
    }),
    /** The signed-in customer's open basket, found again from any tab or device (null: none, 204). */
    getCurrentBasket: build.query<ServerBasket | null, void>({
      query: () => '/baskets/current',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (answer?.data) dispatch(basketApi.util.upsertQueryData('getBasket', answer.data.id, answer.data));
      },
    }),
    createBasket: build.mutation<ServerBasket, ServerEntryInput[]>({
      query: (entries) => ({ url: '/baskets', method: 'POST', body: { entries } }),
      invalidatesTags: ['Slot'],
      ...keepBasketAnswer,
    }),
    addBasketEntries: build.mutation<ServerBasket, { basketId: string; entries: ServerEntryInput[] }>({
      query: ({ basketId, entries }) => ({
        url: `/baskets/${basketId}/entries`,
        method: 'POST',
        body: { entries },
      }),
      invalidatesTags: ['Slot'],
      ...keepBasketAnswer,
    }),
    removeBasketEntries: build.mutation<
      ServerBasket,
      { basketId: string; entryIds: string[]; partOfChange?: boolean }
    >({
      query: ({ basketId, entryIds }) => ({
        url: `/baskets/${basketId}/entries`,
        method: 'DELETE',
        params: { entryIds: entryIds.join(',') },
      }),
      invalidatesTags: ['Slot'],
      ...keepBasketAnswer,
    }),
    /** A plate, person or keycard on one entry: no places change, so only the basket is touched. */
    personalizeBasketEntry: build.mutation<
      ServerBasket,
      { basketId: string; entryId: string; personalization: EntryPersonalization }
    >({
      query: ({ basketId, entryId, personalization }) => ({
        url: `/baskets/${basketId}/entries/${entryId}/personalization`,
        method: 'PATCH',
        body: personalization,
      }),
      ...keepBasketAnswer,
    }),
    addBasketPromoCode: build.mutation<ServerBasket, { basketId: string; code: string }>({
      query: ({ basketId, code }) => ({
        url: `/baskets/${basketId}/promo-code/${encodeURIComponent(code)}`,
        method: 'POST',
      }),
      ...keepBasketAnswer,
    }),
    removeBasketPromoCode: build.mutation<ServerBasket, { basketId: string; code: string }>({
      query: ({ basketId, code }) => ({
        url: `/baskets/${basketId}/promo-code/${encodeURIComponent(code)}`,
        method: 'DELETE',
      }),
      ...keepBasketAnswer,
    }),
  }),
});

export const {
  useGetProductQuery,
  useGetProductsQuery,
  useGetPricesQuery,
  useGetPriceDistributionQuery,
  useGetPriceDevelopmentQuery,
  useGetNextSlotQuery,
  useGetSlotsQuery,
  useGetBasketQuery,
  useGetCurrentBasketQuery,
  useCreateBasketMutation,
  useAddBasketEntriesMutation,
  useRemoveBasketEntriesMutation,
  usePersonalizeBasketEntryMutation,
  useAddBasketPromoCodeMutation,
  useRemoveBasketPromoCodeMutation,
} = basketApi;
