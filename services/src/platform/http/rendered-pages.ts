import { readFile, stat } from 'node:fs/promises';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logger';
import { chooseEncoding, type ContentCoding } from './accept-encoding';
import { compress } from './compress';
import { entityTag, matchesIfNoneMatch } from './entity-tag';

/** What the SPA's server bundle offers (web/src/entry-server.tsx). */
/** text for an HTML element's content */
const textOf = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface PageRenderer {
  publicPageLocale(pathname: string): string | undefined;
  renderPage(request: {
    url: string;
    apiOrigin: string;
  }): Promise<{ locale: string; html: string; state: string; title?: string } | undefined>;
}

export interface RenderedPagesOptions {
  /** the built SPA's index.html: the frame every page is put in */
  template: string;
  /** the server bundle (web/dist-server/entry-server.js) */
  serverEntry: string;
  /** the change marks of the read models the public pages show (catalogue, prices, channel) */
  marks: () => Promise<string>;
  log: Logger;
  /** the shop's day: a page names today, so a new day is a new page */
  today?: () => string;
  /** loads the server bundle (tests put a renderer of their own) */
  loadRenderer?: (path: string) => Promise<PageRenderer>;
  /** pages kept rendered, by tag (the most recently used stay) */
  maxPages?: number;
  /** a page not rendered within this is answered with the shell (the render goes on and is kept) */
  renderDeadlineMs?: number;
}

/** Bump when the pages' HTML changes shape for the same data and build. */
const pageFormat = 'rendered-pages-1';
const rootElement = '<div id="root"></div>';

interface RenderedPage {
  body: Promise<Buffer | undefined>;
  encoded: Map<ContentCoding, Promise<Buffer>>;
}

/** yyyy-MM-dd in the shop's zone (the texts' zone, web/src/i18n/message-catalogue.ts) */
const shopDay = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/**
 * What a public page is drawn from: its path and the page token its links keep (§2, withPageToken), and
 * nothing else the address carries: any other parameter or another Host would otherwise be a new page
 * to render and keep for every variation a client sends.
 */
function pageAddress(req: Request): string {
  const token = new URL(req.originalUrl, 'http://localhost').searchParams.get('token');
  return token ? `${req.path}?token=${encodeURIComponent(token)}` : req.path;
}

/**
 * The public pages (home, a product, content pages) as HTML that already shows them: the SPA's server
 * bundle renders them with the same components as the browser, and the browser hydrates them
 * (docs/ARCHITECTURE.md, "The public pages"). Every other address passes on to the SPA's shell.
 *
 * Cached like the price feeds (pricing/etag.ts): the ETag is made of the address, the change marks of
 * the read models the pages show, the shop's day and the build, so a browser revalidates (`no-cache`)
 * and gets a 304 from one small read; a page is rendered once per tag and kept, compressed once per
 * coding. New prices, a changed catalogue or branding, a new day or a new build: a new tag.
 * A page that cannot be rendered (the API down, a bug) is answered with the shell, logged.
 */
export function renderedPages(options: RenderedPagesOptions) {
  const today = options.today ?? shopDay;
  const maxPages = options.maxPages ?? 256;
  const renderDeadlineMs = options.renderDeadlineMs ?? 10_000;
  const loadRenderer = options.loadRenderer ?? ((path: string) => import(path) as Promise<PageRenderer>);
  let renderer: Promise<{ entry: PageRenderer; template: string; build: string } | null> | undefined;
  const pages = new Map<string, RenderedPage>();

  const rendererOf = () =>
    (renderer ??= (async () => {
      const [entryInfo, templateText] = await Promise.all([
        stat(options.serverEntry),
        readFile(options.template, 'utf8'),
      ]);
      if (!templateText.includes(rootElement)) throw new Error(`${options.template} has no ${rootElement}`);
      const entry = await loadRenderer(options.serverEntry);
      return { entry, template: templateText, build: `${entryInfo.mtimeMs}:${templateText}` };
    })().catch((error: unknown) => {
      options.log.warn({ err: error, serverEntry: options.serverEntry }, 'pages are not server-rendered');
      return null;
    }));

  function pageFor(etag: string, render: () => Promise<Buffer | undefined>): RenderedPage {
    const known = pages.get(etag);
    if (known) {
      pages.delete(etag);
      pages.set(etag, known);
      return known;
    }
    const page: RenderedPage = { body: render(), encoded: new Map() };
    pages.set(etag, page);
    page.body.then(
      (body) => body ?? pages.delete(etag),
      () => pages.delete(etag),
    );
    while (pages.size > maxPages) pages.delete(pages.keys().next().value!);
    return page;
  }

  function encoded(page: RenderedPage, body: Buffer, coding: ContentCoding): Promise<Buffer> {
    let known = page.encoded.get(coding);
    if (!known) {
      known = compress(body, coding);
      page.encoded.set(coding, known);
    }
    return known;
  }

  const handler = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const loaded = await rendererOf();
    const locale = loaded?.entry.publicPageLocale(req.path);
    if (!loaded || !locale) return next();
    const address = pageAddress(req);
    const marks = await options.marks();
    const etag = entityTag(pageFormat, address, `${marks}\n${today()}\n${loaded.build}`);
    const answerHeaders = () => {
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Language', locale);
      res.type('html');
    };
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      answerHeaders();
      res.status(304).end();
      return;
    }
    const page = pageFor(etag, async () => {
      const rendered = await loaded.entry.renderPage({
        url: `http://localhost${address}`,
        apiOrigin: `http://127.0.0.1:${req.socket.localPort}`,
      });
      if (!rendered) return undefined;
      return Buffer.from(
        loaded.template
          .replace(/<html lang="[^"]*"/, `<html lang="${rendered.locale}"`)
          .replace(/<title>[^<]*<\/title>/, (title) =>
            rendered.title ? `<title>${textOf(rendered.title)}</title>` : title,
          )
          .replace(rootElement, `<div id="root">${rendered.html}</div>${rendered.state}`),
      );
    });
    let body: Buffer | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    try {
      body = await Promise.race([
        page.body,
        new Promise<undefined>(
          (resolve) => (deadline = setTimeout(() => resolve(undefined), renderDeadlineMs)),
        ),
      ]);
    } catch (error) {
      options.log.warn(
        { err: error, path: req.path },
        'a public page could not be rendered: the shell answers',
      );
    } finally {
      clearTimeout(deadline);
    }
    if (!body) return next();
    answerHeaders();
    const coding = chooseEncoding(req.headers['accept-encoding']);
    if (coding !== 'identity') res.setHeader('Content-Encoding', coding);
    res.status(200).send(coding === 'identity' ? body : await encoded(page, body, coding));
  };
  /** loads the server bundle ahead of the first request */
  const warmUp = async () => void (await rendererOf());
  return Object.assign(handler, { warmUp });
}
