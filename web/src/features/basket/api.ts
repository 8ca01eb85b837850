import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';
import type { DayPrice, PriceRequest, ServerBasket, ServerEntryInput, ServerSlot } from './server-types';

/** §7 calls of the booking experience: products, day prices, slots and the server basket. */
export const basketApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProduct: build.query<ProductDto, { productId: number; language: Language }>({
      query: ({ productId, language }) => ({ url: `/products/${productId}`, params: { language } }),
      providesTags: (_product, _error, { productId }) => [{ type: 'Product', id: productId }],
    }),
    getProducts: build.query<ProductDto[], { productIds: number[]; language: Language }>({
      query: ({ productIds, language }) => ({ url: '/products', params: { productIds: productIds.join(','), language } }),
      providesTags: (_products, _error, { productIds }) => productIds.map((id) => ({ type: 'Product' as const, id })),
    }),
    /** Prices per definition and day (POST, but a read: a query, cached by its requests). */
    getPrices: build.query<DayPrice[], PriceRequest[]>({
      query: (requests) => ({ url: '/pricing/prices', method: 'POST', body: { requests } }),
      transformResponse: (response: { prices: DayPrice[] }) => response.prices,
      providesTags: ['Validity'],
    }),
    getSlots: build.query<ServerSlot[], { productId: number; from: string; to: string }>({
      query: ({ productId, from, to }) => ({ url: `/capacities/slots/products/${productId}`, params: { from, to } }),
      providesTags: (_slots, _error, { productId }) => [{ type: 'Slot', id: productId }],
    }),
    getNextSlot: build.query<ServerSlot | null, number>({
      query: (productId) => `/capacities/slots/products/${productId}/next`,
      providesTags: (_slot, _error, productId) => [{ type: 'Slot', id: productId }],
    }),
    getBasket: build.query<ServerBasket, string>({
      query: (basketId) => `/baskets/${basketId}`,
    }),
    createBasket: build.mutation<ServerBasket, ServerEntryInput[]>({
      query: (entries) => ({ url: '/baskets', method: 'POST', body: { entries } }),
      invalidatesTags: ['Slot'],
    }),
    addBasketEntries: build.mutation<ServerBasket, { basketId: string; entries: ServerEntryInput[] }>({
      query: ({ basketId, entries }) => ({ url: `/baskets/${basketId}/entries`, method: 'POST', body: { entries } }),
      invalidatesTags: ['Slot'],
    }),
    removeBasketEntries: build.mutation<ServerBasket, { basketId: string; entryIds: string[] }>({
      query: ({ basketId, entryIds }) => ({ url: `/baskets/${basketId}/entries`, method: 'DELETE', params: { entryIds: entryIds.join(',') } }),
      invalidatesTags: ['Slot'],
    }),
  }),
});

export const {
  useGetProductQuery,
  useGetProductsQuery,
  useGetPricesQuery,
  useGetNextSlotQuery,
  useGetSlotsQuery,
  useGetBasketQuery,
  useCreateBasketMutation,
  useAddBasketEntriesMutation,
  useRemoveBasketEntriesMutation,
} = basketApi;
