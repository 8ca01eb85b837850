import type { ContentPageDto, ContentPageLinksDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { api } from '../../lib/api/api-slice';

/** The legal and help pages of the content system, in the page's language. */
export const pagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContentPages: build.query<ContentPageLinksDto, Language>({
      query: (language) => ({ url: '/pages', params: { language } }),
    }),
    getContentPage: build.query<ContentPageDto, { slug: string; language: Language }>({
      query: ({ slug, language }) => ({ url: `/pages/${encodeURIComponent(slug)}`, params: { language } }),
    }),
  }),
});

export const { useListContentPagesQuery, useGetContentPageQuery } = pagesApi;
