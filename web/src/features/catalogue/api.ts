import type { CatalogCategoryDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';

/** Products come with their texts in the request's language, so the language is part of each query. */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogue: build.query<CatalogCategoryDto[], Language>({
      query: (language) => ({ url: '/products/catalog/', params: { language } }),
      providesTags: (categories = []) => [
        { type: 'Product' as const, id: LIST_TAG_ID },
        ...categories.flatMap((category) =>
          category.products.map((product) => ({ type: 'Product' as const, id: product.id })),
        ),
      ],
    }),
  }),
});

export const { useGetCatalogueQuery } = catalogueApi;
