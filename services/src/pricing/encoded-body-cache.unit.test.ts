import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodedBodyCache } from './encoded-body-cache';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const feedBody = (amount: number) =>
  json({ prices: Array.from({ length: 200 }, (_, i) => ({ productDefinitionId: i, amount })) });

describe('the encoded body cache', () => {
  it('serialises once per tag and compresses once per coding; every coding decodes to the same body', async () => {
    const cache = encodedBodyCache();
    let reads = 0;
    const serialise = async () => {
      reads += 1;
      return feedBody(100);
    };
    const request = { resource: 'feed?p=1', etag: '"a"' };
    const [plain, again] = await Promise.all([
      cache.body({ ...request, coding: 'identity' }, serialise),
      cache.body({ ...request, coding: 'identity' }, serialise),
    ]);
    const br = await cache.body({ ...request, coding: 'br' }, serialise);
    const gzip = await cache.body({ ...request, coding: 'gzip' }, serialise);
    expect(reads).toBe(1);
    expect(again).toBe(plain);
    expect(await cache.body({ ...request, coding: 'br' }, serialise)).toBe(br);
    expect(brotliDecompressSync(br)).toEqual(plain);
    expect(gunzipSync(gzip)).toEqual(plain);
    expect(br.length).toBeLessThan(plain.length);
  });

  it('answers a new tag (new prices) with a new body, in every coding, and drops the old one', async () => {
    const cache = encodedBodyCache();
    const resource = 'feed?p=1';
    const before = await cache.body({ resource, etag: '"old"', coding: 'br' }, async () => feedBody(100));
    const after = await cache.body({ resource, etag: '"new"', coding: 'br' }, async () => feedBody(250));
    expect(JSON.parse(brotliDecompressSync(after).toString()).prices[0].amount).toBe(250);
    expect(after).not.toEqual(before);
    expect(cache.entries).toBe(1);
    const plain = await cache.body({ resource, etag: '"new"', coding: 'identity' }, async () =>
      feedBody(999),
    );
    expect(JSON.parse(plain.toString()).prices[0].amount).toBe(250);
  });

  it('keeps its bytes under the bound, dropping the least recently used bodies', async () => {
    const one = feedBody(1).length;
    const cache = encodedBodyCache(one * 2.5);
    for (const name of ['a', 'b', 'c'])
      await cache.body({ resource: name, etag: `"${name}"`, coding: 'identity' }, async () => feedBody(1));
    expect(cache.entries).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(one * 2.5);
    let reads = 0;
    await cache.body({ resource: 'a', etag: '"a"', coding: 'identity' }, async () => {
      reads += 1;
      return feedBody(1);
    });
    expect(reads).toBe(1); // 'a' was the oldest and had gone
    const huge = encodedBodyCache(10);
    await huge.body({ resource: 'x', etag: '"x"', coding: 'identity' }, async () => feedBody(1));
    expect(huge.entries).toBe(0);
    expect(huge.bytes).toBe(0);
  });

  it('does not keep a failed read: the next request reads again', async () => {
    const cache = encodedBodyCache();
    const request = { resource: 'feed', etag: '"a"', coding: 'gzip' as const };
    await expect(cache.body(request, async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(gunzipSync(await cache.body(request, async () => json({ ok: true }))).toString()).toBe(
      '{"ok":true}',
    );
  });
});
