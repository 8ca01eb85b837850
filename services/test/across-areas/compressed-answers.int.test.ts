import type { Server } from 'node:http';
import { createCatalogueTestKit, type CatalogueTestKit } from '../support/catalogue-kit';
import { loadDemoCatalogue } from '../../src/demo/catalogue';
import { listenOnLoopback, rawGet } from '../support/raw-http';
import { shopHeaders } from '../support/shop-headers';
import { compressionThresholdBytes } from '../../src/platform/http/compressed-answers';

/** JSON answers over real HTTP (supertest and fetch would undo the coding): the demo catalogue's
 * product list is tens of kilobytes. */
let kit: CatalogueTestKit;
let server: Server;

beforeAll(async () => {
  kit = await createCatalogueTestKit();
  await loadDemoCatalogue({ ...kit.deps, now: new Date('2026-11-22T09:00:00Z') });
  await kit.project();
  server = await listenOnLoopback(kit.app);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await kit?.close();
});

const get = (path: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  rawGet(server, path, {
    ...shopHeaders,
    ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    ...extra,
  });

describe('compressed JSON answers', () => {
  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip, deflate'],
  ])(
    'sends a large answer %s-compressed that decodes to the same JSON, still personal (no-store)',
    async (coding, acceptEncoding) => {
      const plain = await get('/api/products', 'identity');
      expect(plain.raw.length).toBeGreaterThan(10 * compressionThresholdBytes);
      const answer = await get('/api/products', acceptEncoding);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.vary).toMatch(/\bAccept-Encoding\b/i);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.raw.length).toBeLessThan(plain.raw.length / 4);
      expect(JSON.parse(answer.decoded.toString())).toEqual(JSON.parse(plain.raw.toString()));
      // the entity tag names the coded answer: revalidating it is a 304
      expect(
        (await get('/api/products', acceptEncoding, { 'if-none-match': String(answer.headers.etag) })).status,
      ).toBe(304);
    },
  );

  it('sends plain what the caller does not accept compressed, and small answers', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const answer = await get('/api/products', acceptEncoding);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/\bAccept-Encoding\b/i);
      expect((JSON.parse(answer.raw.toString()) as unknown[]).length).toBeGreaterThan(0);
    }
    const small = await get('/api/products?productIds=999', 'gzip, br');
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.raw.toString()).toBe('[]');
  });

  it('compresses a large problem document too, and keeps it a problem', async () => {
    // one field error per id, 50 of them listed: a few kilobytes
    const ids = Array.from({ length: 400 }, (_, index) => `x${index}`).join(',');
    const answer = await get(`/api/products?productIds=${ids}`, 'br');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.decoded.toString())).toMatchObject({ status: 400 });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.decoded.length).toBeGreaterThan(compressionThresholdBytes);
  });
});
