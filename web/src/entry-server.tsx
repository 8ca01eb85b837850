import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { routes } from './app/router';
import { clientApi } from './features/client/api';
import { primeCatalogue } from './app/locale/use-catalogue';
import { loadCatalogue } from './i18n/message-catalogue';
import { api } from './lib/api/api-slice';
import { createStore, type AppStore } from './lib/api/store';
import { serverRenderedQueries } from './lib/server-rendering/server-queries';
import { serverStateScript, settledApiState } from './lib/server-rendering/server-state';

/**
 * The server bundle (Vite's SSR build of this file, web/dist-server/entry-server.js): the public pages
 * drawn by the same components as in the browser, with the answers they showed inlined for the
 * browser's store (main.tsx hydrates them). The API process serves them (services:
 * platform/http/rendered-pages.ts); signed-in pages stay the browser's.
 */

/** The pages anyone sees alike: home, a product, a content page (the legal pages among them). */
const publicPages = ['/:locale', '/:locale/products/:productId', '/:locale/pages/:slug'];

/** The locale of a public page's path, or undefined when the path is not one. */
export function publicPageLocale(pathname: string): Language | undefined {
  for (const pattern of publicPages) {
    const locale = matchPath(pattern, pathname)?.params.locale;
    if (locale !== undefined) return isLanguage(locale) ? locale : undefined;
  }
  return undefined;
}

export interface PageRequest {
  /** the page's absolute address as the browser asked for it */
  url: string;
  /** where the server reaches its own API, e.g. http://127.0.0.1:3000 */
  apiOrigin: string;
  fetchFn?: typeof fetch;
}

export interface RenderedPage {
  locale: Language;
  /** what goes inside <div id="root"> */
  html: string;
  /** the inlined state, a script element to put after it */
  state: string;
  /** the shop's name (the channel's) for the page's title; the browser names the page on hydration */
  title?: string;
}

/** a page shows what it asks for after at most this many renders (the product asks for its prices after the product) */
const maxRenders = 4;

async function renderOnce(store: AppStore, router: ReturnType<typeof createStaticRouter>, context: never) {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** Renders a public page, or answers undefined for any other address (the browser renders those). */
export async function renderPage(request: PageRequest): Promise<RenderedPage | undefined> {
  const url = new URL(request.url);
  const locale = publicPageLocale(url.pathname);
  if (!locale) return undefined;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return undefined;
  const messages = await loadCatalogue(locale);
  primeCatalogue(locale, messages);

  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const store = createStore({
    origin: request.apiOrigin,
    pageUrl: request.url,
    finished,
    fetchFn: request.fetchFn,
  });
  const renderedAt = new Date();
  try {
    let html = '';
    for (let render = 1; ; render++) {
      html = await renderOnce(store, createStaticRouter(handler.dataRoutes, context), context as never);
      const queries = store.getState().api.queries;
      const asked = store
        .dispatch(api.util.getRunningQueriesThunk())
        .filter((running) => serverRenderedQueries.has(queries[running.queryCacheKey]?.endpointName ?? ''));
      // what is still asked after the last render stays pending in the state, as in the HTML
      if (asked.length === 0 || render === maxRenders) break;
      await Promise.all(asked);
    }
    const state = serverStateScript({
      locale,
      renderedAt: renderedAt.toISOString(),
      messages,
      api: settledApiState(store.getState().api as never),
    });
    const title = clientApi.endpoints.getCurrentClient.select()(store.getState()).data?.name;
    return { locale, html, state, title };
  } finally {
    finish();
  }
}
