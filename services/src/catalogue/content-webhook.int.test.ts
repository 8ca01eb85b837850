import request from 'supertest';
import { findProduct } from '@alpenpass/projections/src/catalogue';
import { loadDemoCatalogue } from '../demo/catalogue';
import { signContent } from './content-signature';
import {
  createCatalogueTestKit,
  testWebhookSecret,
  type CatalogueTestKit,
} from '../../test/support/catalogue-kit';

let kit: CatalogueTestKit;

beforeAll(async () => {
  kit = await createCatalogueTestKit();
  await loadDemoCatalogue(kit.deps);
  await kit.project();
});
afterAll(() => kit.close());

const pool = (revision: number, timezone: string) => ({
  id: 'pool-silver-peak',
  kind: 'pool',
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: `2026-10-0${revision}T08:00:00.000Z`,
  revision,
  identifier: 'silver-peak',
  name: { de: 'Silver Peak', en: 'Silver Peak', fr: 'Silver Peak' },
  timezone,
});

const deliver = (document: unknown, signature?: (raw: string) => string) => {
  const raw = JSON.stringify(document);
  const call = request(kit.app).post('/api/content/webhook').set('content-type', 'application/json');
  if (signature) call.set('x-content-signature', signature(raw));
  return call.send(raw);
};
const signed = (raw: string) => signContent(raw, testWebhookSecret);
const storedEvents = async () => (await kit.store.readAll(0, 10_000)).length;
const partnerTimezone = async () => {
  await kit.project();
  return (await findProduct(kit.knex, 201))?.pool.timezone;
};

describe('content webhook', () => {
  it.each([
    ['a missing signature', undefined],
    [
      'a signature with the wrong secret',
      (raw: string) => signContent(raw, 'another-secret-of-sufficient-length'),
    ],
    ['a signature of another body', () => signContent('{}', testWebhookSecret)],
    ['a malformed signature', () => 'sha256=xyz'],
  ])('answers %s with 401 and stores nothing', async (_case, signature) => {
    const before = await storedEvents();
    const response = await deliver(pool(5, 'Asia/Tokyo'), signature);
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('INVALID_SIGNATURE');
    expect(await storedEvents()).toBe(before);
  });

  it('needs no shop headers but a valid signature, and rejects a signed invalid document field by field', async () => {
    const response = await deliver({ ...pool(2, 'Mars/Olympus'), revision: 0 }, signed);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'body.revision',
      'body.timezone',
    ]);
  });

  it('stores a newer revision once; replays and older revisions change nothing', async () => {
    expect(await partnerTimezone()).toBe('America/Denver');

    const newer = await deliver(pool(3, 'Asia/Tokyo'), signed);
    expect(newer.body).toEqual({ documentId: 'pool-silver-peak', revision: 3, outcome: 'stored' });
    expect(await partnerTimezone()).toBe('Asia/Tokyo');

    const before = await storedEvents();
    expect((await deliver(pool(3, 'Asia/Tokyo'), signed)).body.outcome).toBe('unchanged');
    expect((await deliver(pool(2, 'Europe/London'), signed)).body.outcome).toBe('unchanged');
    expect((await deliver(pool(3, 'Europe/London'), signed)).body.outcome).toBe('unchanged');
    expect(await storedEvents()).toBe(before);
    expect(await partnerTimezone()).toBe('Asia/Tokyo');

    expect((await deliver(pool(4, 'America/Denver'), signed)).body.outcome).toBe('stored');
    expect(await partnerTimezone()).toBe('America/Denver');
  });

  it('stores concurrent duplicate deliveries exactly once', async () => {
    const before = await storedEvents();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => deliver(pool(6, 'America/Edmonton'), signed)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(responses.filter((r) => r.body.outcome === 'stored')).toHaveLength(1);
    expect(await storedEvents()).toBe(before + 1);
    expect(await partnerTimezone()).toBe('America/Edmonton');
  });
});
