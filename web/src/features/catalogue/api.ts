import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';

/** The catalogue listing as far as the SPA needs it now; the full shape comes with the catalogue API. */
export interface CatalogueProductSummary {
  id: number;
  slug: string;
  name: string;
}

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogue: build.query<CatalogueProductSummary[], void>({
      query: () => '/products/catalog/',
      providesTags: (products = []) => [
        { type: 'Product' as const, id: LIST_TAG_ID },
        ...products.map((product) => ({ type: 'Product' as const, id: product.id })),
      ],
    }),
  }),
});

export const { useGetCatalogueQuery } = catalogueApi;
