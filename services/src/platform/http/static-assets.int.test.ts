import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createLogger } from '../logger';
import { createTestIdentity } from '../../../test/support/test-identity';
import { listenOnLoopback, rawGet } from '../../../test/support/raw-http';
import { testChannelId } from '../../../test/support/shop-headers';
import { createHttpApp } from './app';

let dist: string;
let server: Server;
const script = `export const messages = ${JSON.stringify(Array.from({ length: 2_000 }, (_, i) => `message number ${i}`))};\n`;
const shell = `<!doctype html><html><head><title>Alpenpass</title>${'<meta name="x" content="padding">'.repeat(60)}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'alpenpass-assets-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), shell);
  writeFileSync(join(dist, 'assets', 'index-B4xk9QzA.js'), script);
  writeFileSync(
    join(dist, 'assets', 'index-B4xk9QzA.js.map'),
    '{"version":3,"sources":["secret-source.ts"]}',
  );
  writeFileSync(join(dist, 'assets', 'vendor-Zq81aa0P.js'), script);
  writeFileSync(join(dist, 'assets', 'vendor-Zq81aa0P.js.br'), brotliCompressSync(script)); // written at build time
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const identity = await createTestIdentity();
  const app = createHttpApp({
    log: createLogger('silent'),
    shop: { clientId: '1', channelId: testChannelId },
    verifyToken: identity.verifyToken,
    publicKeys: [],
    routers: [],
    readiness: [],
    webDist: dist,
  });
  server = await listenOnLoopback(app);
});

afterAll(() => {
  server?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => rawGet(server, path, headers);

describe('the built SPA assets', () => {
  it('serves hashed scripts compressed by Accept-Encoding, immutable for a year; the decoded body is the file', async () => {
    const file = readFileSync(join(dist, 'assets', 'index-B4xk9QzA.js'));
    const br = await get('/assets/index-B4xk9QzA.js', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/assets/index-B4xk9QzA.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/assets/index-B4xk9QzA.js');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const answer of [br, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['vary']).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      expect(answer.decoded).toEqual(file);
    }
    expect(br.raw.length).toBeLessThan(file.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
  });

  it('uses a .br written beside the file at build time', async () => {
    const answer = await get('/assets/vendor-Zq81aa0P.js', { 'accept-encoding': 'br' });
    expect(answer.raw).toEqual(readFileSync(join(dist, 'assets', 'vendor-Zq81aa0P.js.br')));
    expect(answer.decoded.toString()).toBe(script);
  });

  it('makes index.html and client routes revalidate, compressed, with an ETag that answers 304', async () => {
    const index = await get('/index.html', { 'accept-encoding': 'br' });
    const route = await get('/de/basket', { 'accept-encoding': 'gzip' });
    for (const answer of [index, route]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.decoded.toString()).toBe(shell);
    }
    expect(index.headers['content-encoding']).toBe('br');
    expect(route.headers.etag).toBe(index.headers.etag);
    expect((await get('/fr', { 'if-none-match': String(index.headers.etag) })).status).toBe(304);
  });

  it('serves small files as they are, publishes no source maps and nothing outside dist', async () => {
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/assets/index-OldBuild.js')).status).toBe(404);
    const map = await get('/assets/index-B4xk9QzA.js.map', { 'accept-encoding': 'br' });
    expect(map.status).toBe(404);
    expect(map.decoded.toString()).not.toContain('secret-source');
    for (const path of ['/assets/%2e%2e/%2e%2e/etc/passwd', '/..%2fpackage.json', '/%00']) {
      const answer = await get(path);
      expect(answer.decoded.toString()).not.toContain('root:');
      expect([200, 400, 404]).toContain(answer.status);
    }
  });
});

describe('page addresses without a language', () => {
  const location = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await get(path, headers);
    expect(answer.status).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.headers.location;
  };

  it('go to the same page in the remembered language, else the browser’s, else German', async () => {
    expect(await location('/basket', { cookie: 'other=1; alpenpass-locale=fr' })).toBe('/fr/basket');
    expect(
      await location('/impressum', { cookie: 'alpenpass-locale=en', 'accept-language': 'fr-CH, de;q=0.8' }),
    ).toBe('/en/impressum');
    expect(await location('/basket', { 'accept-language': 'it-CH, fr;q=0.9, de;q=0.8' })).toBe('/fr/basket');
    expect(await location('/basket', { 'accept-language': 'de;q=0.5, en;q=0.9' })).toBe('/en/basket');
    expect(await location('/profile/keycards?token=abc', { cookie: 'alpenpass-locale=xx' })).toBe(
      '/de/profile/keycards?token=abc',
    );
    expect(await location('/auth-selector?error=SessionRequired', { 'accept-language': 'ja' })).toBe(
      '/de/auth-selector?error=SessionRequired',
    );
  });

  it('leave a two-letter locale to §2 (an unsupported one renders nothing), the root and files alone', async () => {
    for (const path of ['/xx', '/xx/basket', '/', '/de/basket', '/robots.txt']) {
      const answer = await get(path, { cookie: 'alpenpass-locale=fr' });
      expect(answer.status).toBe(200);
      expect(answer.decoded.toString()).toBe(shell);
    }
  });
});
