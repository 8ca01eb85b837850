import { catalogSlugParams, contentPageDto, contentPageLinksDto } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { findPage, listPages } from '@alpenpass/projections/src/catalogue';
import { notFound } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import { pick } from './localize';

/** The shop's legal and help pages (content documents of kind `page`), in the request language. */
export function pagesRouter(deps: { knex: Knex }): ApiRouter {
  return new ApiRouter('Pages', '/pages')
    .route(
      {
        method: 'get',
        operationId: 'listContentPages',
        path: '',
        summary: "Slug and title of every legal and help page (the shop footer's links)",
        access: 'public',
        response: contentPageLinksDto,
      },
      async ({ ctx }) =>
        (await listPages(deps.knex)).map((page) => ({
          slug: page.slug,
          title: pick(page.title, ctx.language),
        })),
    )
    .route(
      {
        method: 'get',
        operationId: 'getContentPage',
        path: '/:slug',
        summary: 'One legal or help page (terms, privacy, imprint, contact, FAQ)',
        access: 'public',
        params: catalogSlugParams,
        response: contentPageDto,
      },
      async ({ params, ctx }) => {
        const page = await findPage(deps.knex, params.slug);
        if (!page) throw notFound('PAGE_NOT_FOUND', `Page ${params.slug} does not exist.`);
        return {
          slug: page.slug,
          title: pick(page.title, ctx.language),
          body: pick(page.body, ctx.language),
          updatedAt: page.updatedAt,
        };
      },
    );
}
