import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { appConfig } from '../../config/current-config';
import { createBaseQuery, type ApiBaseQuery } from '../api/base-query';

/**
 * The queries a server-rendered page answers with its HTML: what the public pages show (the
 * catalogue, a product, its day prices, content pages, the shop's branding). Their read models are the
 * ones the page's ETag follows (services: rendered-pages.ts). Any other query a page starts on the
 * server stays pending there, so the HTML shows its loading state, the browser asks for it itself
 * after hydrating, and nothing it answers (places left, a basket) is frozen into a cached page.
 */
export const serverRenderedQueries: ReadonlySet<string> = new Set([
  'getCatalogue',
  'getCurrentClient',
  'listContentPages',
  'getContentPage',
  'getProduct',
  'getProducts',
  'getPrices',
]);

/** What a server render's store calls the API with (its thunk's extra argument). */
export interface ServerQueryEnvironment {
  /** the shop's own origin as the server reaches it, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** the page's address as the browser asked for it */
  pageUrl: string;
  /** settles when the render is over: the queries held back end with it */
  finished: Promise<void>;
  fetchFn?: typeof fetch;
}

const baseQueries = new WeakMap<ServerQueryEnvironment, ApiBaseQuery>();

function baseQueryOf(environment: ServerQueryEnvironment): ApiBaseQuery {
  let known = baseQueries.get(environment);
  if (!known) {
    const answering = createBaseQuery({
      settings: appConfig,
      currentUrl: () => environment.pageUrl,
      goTo: () => undefined,
      origin: environment.origin,
      fetchFn: environment.fetchFn,
    });
    known = async (args, queryApi, extraOptions) => {
      if (queryApi.type === 'query' && serverRenderedQueries.has(queryApi.endpoint))
        return answering(args, queryApi, extraOptions);
      await environment.finished;
      return { error: { status: 'CUSTOM_ERROR', error: 'left to the browser' } };
    };
    baseQueries.set(environment, known);
  }
  return known;
}

/** The server render's base query when the store is a server render's, else undefined (the browser's). */
export function serverBaseQuery(queryApi: BaseQueryApi): ApiBaseQuery | undefined {
  const environment = (queryApi.extra as { server?: ServerQueryEnvironment } | undefined)?.server;
  return environment ? baseQueryOf(environment) : undefined;
}
