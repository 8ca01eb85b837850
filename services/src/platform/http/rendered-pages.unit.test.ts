import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { renderedPages, type PageRenderer } from './rendered-pages';

const template =
  '<!doctype html><html lang="de"><head><title>Alpenpass</title></head><body><div id="root"></div></body></html>';

function pagesApp(options: { render?: PageRenderer['renderPage']; renderDeadlineMs?: number } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'rendered-pages-'));
  writeFileSync(join(folder, 'index.html'), template);
  writeFileSync(join(folder, 'entry-server.js'), '// the renderer below stands in for it');
  const state = { marks: 'prices:g1v1@7', day: '2030-01-15', renders: [] as string[] };
  const renderer: PageRenderer = {
    publicPageLocale: (pathname) => /^\/(de|en|fr)(\/products\/\d+)?$/.exec(pathname)?.[1],
    renderPage:
      options.render ??
      (async ({ url }) => {
        state.renders.push(url);
        const locale = new URL(url).pathname.slice(1, 3);
        return { locale, html: `<h1>Tageskarte ${state.marks}</h1>`, state: '<script id="s"></script>' };
      }),
  };
  const app = express();
  app.get(
    /.*/,
    renderedPages({
      template: join(folder, 'index.html'),
      serverEntry: join(folder, 'entry-server.js'),
      marks: async () => state.marks,
      today: () => state.day,
      log: pino({ level: 'silent' }),
      loadRenderer: async () => renderer,
      renderDeadlineMs: options.renderDeadlineMs,
    }),
  );
  app.use((_req, res) => void res.status(404).send('the shell'));
  return { app, state };
}

describe('the server-rendered public pages', () => {
  it('put the rendered page and its state into the frame, in the page’s language, to be revalidated', async () => {
    const { app } = pagesApp();
    const answer = await request(app).get('/fr/products/101').expect(200);
    expect(answer.text).toBe(
      '<!doctype html><html lang="fr"><head><title>Alpenpass</title></head><body>' +
        '<div id="root"><h1>Tageskarte prices:g1v1@7</h1></div><script id="s"></script></body></html>',
    );
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-language']).toBe('fr');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('answer 304 to a current copy without rendering, and render once per tag', async () => {
    const { app, state } = pagesApp();
    const first = await request(app).get('/de/products/101').expect(200);
    await request(app).get('/de/products/101').set('If-None-Match', first.headers.etag!).expect(304);
    await request(app).get('/de/products/101').expect(200);
    expect(state.renders).toHaveLength(1);
  });

  it('get a new tag when the read models move or the day changes', async () => {
    const { app, state } = pagesApp();
    const first = await request(app).get('/de/products/101');
    state.marks = 'prices:g1v1@8';
    const moved = await request(app).get('/de/products/101').set('If-None-Match', first.headers.etag!);
    expect(moved.status).toBe(200);
    expect(moved.text).toContain('Tageskarte prices:g1v1@8');
    state.day = '2030-01-16';
    const nextDay = await request(app).get('/de/products/101').set('If-None-Match', moved.headers.etag!);
    expect(nextDay.status).toBe(200);
    expect(new Set([first.headers.etag, moved.headers.etag, nextDay.headers.etag]).size).toBe(3);
    const other = await request(app).get('/de/products/102');
    expect(other.headers.etag).not.toBe(nextDay.headers.etag);
  });

  it('are drawn from the path and the page token alone, whatever else the address or the Host say', async () => {
    const { app, state } = pagesApp();
    const plain = await request(app).get('/de').set('Host', 'shop.example');
    const other = await request(app).get('/de?utm=1&b=2').set('Host', 'evil.example');
    expect(other.headers.etag).toBe(plain.headers.etag);
    const withToken = await request(app).get('/de?utm=1&token=abc');
    expect(withToken.headers.etag).not.toBe(plain.headers.etag);
    expect(state.renders).toEqual(['http://localhost/de', 'http://localhost/de?token=abc']);
  });

  it('leave every other address to the shell', async () => {
    const { app, state } = pagesApp();
    expect((await request(app).get('/de/basket').expect(404)).text).toBe('the shell');
    expect(state.renders).toHaveLength(0);
  });

  it('answer with the shell when a page cannot be rendered, and try again on the next request', async () => {
    let fail = true;
    const { app } = pagesApp({
      render: async () => {
        if (fail) throw new Error('the API is down');
        return { locale: 'de', html: '<h1>back</h1>', state: '' };
      },
    });
    expect((await request(app).get('/de').expect(404)).text).toBe('the shell');
    fail = false;
    expect((await request(app).get('/de').expect(200)).text).toContain('<h1>back</h1>');
  });

  it('answer with the shell while a page takes longer than its deadline, and with the page once drawn', async () => {
    let draw = () => {};
    const drawn = new Promise<void>((resolve) => (draw = resolve));
    const { app } = pagesApp({
      renderDeadlineMs: 50,
      render: async () => {
        await drawn;
        return { locale: 'de', html: '<h1>slow</h1>', state: '' };
      },
    });
    expect((await request(app).get('/de').expect(404)).text).toBe('the shell');
    draw();
    expect((await request(app).get('/de').expect(200)).text).toContain('<h1>slow</h1>');
  });

  it('compress the page by Accept-Encoding', async () => {
    const { app } = pagesApp();
    const answer = await request(app).get('/de').set('Accept-Encoding', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
  });
});
