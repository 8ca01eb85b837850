import {
  catalogCategoryDto,
  catalogSlugParams,
  isSoldOnlyAsRequired,
  productDto as productSchema,
  productIdParams,
  productsQuery,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  findCategoryBySlug,
  findProducts,
  listCategories,
  type CatalogueProduct,
} from '@alpenpass/projections/src/catalogue';
import { findChannel } from '@alpenpass/projections/src/channel';
import { notFound } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import { fromPricesOf } from './from-prices';
import { categoryDto, productDto } from './localize';

export interface CatalogueReadDeps {
  knex: Knex;
  /** the shop's sales channel (config.channelId): requests see only its products */
  channelId: string;
  /** the clock the "from" prices are judged by; default the real one */
  now?: () => Date;
}

/** The products of the configured channel, optionally narrowed to `productIds`. An unknown channel
 * offers nothing. */
export async function channelProducts(
  deps: CatalogueReadDeps,
  productIds?: number[],
): Promise<CatalogueProduct[]> {
  const channel = await findChannel(deps.knex, deps.channelId);
  if (!channel) return [];
  const offered = new Set(channel.productIds);
  const wanted = productIds ? productIds.filter((id) => offered.has(id)) : [...offered];
  return findProducts(deps.knex, wanted);
}

/** What the catalogue offers to book: the channel's products sold on their own (a deposit comes with what requires it). */
const bookable = (products: CatalogueProduct[]) =>
  products.filter((product) => !isSoldOnlyAsRequired(product.kind));

async function withFromPrices(deps: CatalogueReadDeps, products: CatalogueProduct[]) {
  return { products, fromPrices: await fromPricesOf(deps.knex, products, deps.now?.() ?? new Date()) };
}

/** §7 Products: /api/products, /api/products/{id}, /api/products/catalog/ and /{slug}. Texts in ctx.language. */
export function productsRouter(deps: CatalogueReadDeps): ApiRouter {
  // the catalog routes come first: "/catalog" must not be read as a product id
  return new ApiRouter('Products', '/products')
    .route(
      {
        method: 'get',
        operationId: 'getCatalogue',
        path: '/catalog/',
        summary: 'The catalogue by category',
        access: 'public',
        response: z.array(catalogCategoryDto),
      },
      async ({ ctx }) => {
        const [categories, { products, fromPrices }] = await Promise.all([
          listCategories(deps.knex),
          channelProducts(deps).then((products) => withFromPrices(deps, bookable(products))),
        ]);
        return categories
          .map((category) => categoryDto(category, products, ctx.language, fromPrices))
          .filter((category) => category.products.length > 0);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getCatalogueCategory',
        path: '/catalog/:slug',
        summary: 'One catalogue category',
        access: 'public',
        params: catalogSlugParams,
        response: catalogCategoryDto,
      },
      async ({ params, ctx }) => {
        const category = await findCategoryBySlug(deps.knex, params.slug);
        if (!category) throw notFound('CATEGORY_NOT_FOUND', `Category ${params.slug} does not exist.`);
        const { products, fromPrices } = await withFromPrices(deps, bookable(await channelProducts(deps)));
        return categoryDto(category, products, ctx.language, fromPrices);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'listProducts',
        path: '/',
        summary: 'Products of the channel (productIds: comma list)',
        access: 'public',
        query: productsQuery,
        response: z.array(productSchema),
      },
      async ({ query, ctx }) => {
        const { products, fromPrices } = await withFromPrices(
          deps,
          await channelProducts(deps, query.productIds),
        );
        return products.map((product) => productDto(product, ctx.language, fromPrices));
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getProduct',
        path: '/:productId',
        summary: 'One product of the channel',
        access: 'public',
        params: productIdParams,
        response: productSchema,
      },
      async ({ params, ctx }) => {
        const [product] = await channelProducts(deps, [params.productId]);
        if (!product) throw notFound('PRODUCT_NOT_FOUND', `Product ${params.productId} does not exist.`);
        return productDto(product, ctx.language, (await withFromPrices(deps, [product])).fromPrices);
      },
    );
}
