import request from 'supertest';
import { MAX_ENTRIES_PER_REQUEST, TOO_MANY_ENTRIES_MESSAGE } from '@alpenpass/contracts';
import { createBasketTestKit, type BasketTestKit } from '../support/basket-kit';
import { shopHeaders } from '../support/shop-headers';

/** A 750 kB body of 250,000 empty entries once produced a 28 MB problem document. */
let kit: BasketTestKit;

beforeAll(async () => {
  kit = await createBasketTestKit();
}, 60_000);
afterAll(() => kit.close());

const entries = (count: number) => `{"entries":[${Array.from({ length: count }, () => '{}').join(',')}]}`;
const createBasket = (body: string) =>
  request(kit.app).post('/api/baskets').set(shopHeaders).set('content-type', 'application/json').send(body);

describe('POST /api/baskets with too many entries', () => {
  it('refuses 250,000 empty entries by their number, in a small problem document', async () => {
    const body = entries(250_000);
    expect(body.length).toBeGreaterThan(700_000);
    const response = await createBasket(body);
    expect(response.status).toBe(400);
    expect(response.text.length).toBeLessThan(2_000);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: TOO_MANY_ENTRIES_MESSAGE,
      errors: [{ path: 'body.entries', message: TOO_MANY_ENTRIES_MESSAGE }],
    });
  });

  it('refuses one entry more than allowed, and too many children of one entry', async () => {
    expect((await createBasket(entries(MAX_ENTRIES_PER_REQUEST + 1))).body.detail).toBe(
      TOO_MANY_ENTRIES_MESSAGE,
    );
    const children = Array.from({ length: MAX_ENTRIES_PER_REQUEST + 1 }, () => ({
      productDefinitionId: 1032,
    }));
    const response = await createBasket(
      JSON.stringify({ entries: [{ productDefinitionId: 1031, children }] }),
    );
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: 'body.entries.0.children', message: TOO_MANY_ENTRIES_MESSAGE },
    ]);
  });

  it('answers a basket with Cache-Control: no-store', async () => {
    const created = await createBasket('{"entries":[]}');
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const read = await request(kit.app).get(`/api/baskets/${created.body.id}`).set(shopHeaders);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
  });
});
