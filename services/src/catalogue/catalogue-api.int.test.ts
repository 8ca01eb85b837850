// @date-matrix: the demo's catalogue and its seasons
import request from 'supertest';
import { shopHeaders, testChannelId } from '../../test/support/shop-headers';
import { loadDemoCatalogue } from '../demo/catalogue';
import { createCatalogueTestKit, type CatalogueTestKit } from '../../test/support/catalogue-kit';

let kit: CatalogueTestKit;

beforeAll(async () => {
  kit = await createCatalogueTestKit();
  // a fixed day places the demo seasons where this test expects them (the export's own dates)
  await loadDemoCatalogue({ ...kit.deps, now: new Date('2026-11-22T09:00:00Z') });
  await kit.project();
});
afterAll(() => kit.close());

const get = (path: string, language = 'en') =>
  request(kit.app).get(path).set(shopHeaders).set('accept-language', language);

describe('catalogue reads', () => {
  it.each([
    ['de', 'Gipfelgondel Alpenhorn', 'Erwachsene'],
    ['en', 'Alpenhorn summit gondola', 'Adult'],
    ['fr', 'Télécabine du sommet Alpenhorn', 'Adulte'],
  ])('serves a product in %s', async (language, name, adultLabel) => {
    const response = await get('/api/products/103', language);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: 103,
      name,
      kind: 'TIME_SLOT',
      pool: { identifier: 'alpenhorn', timezone: 'Europe/Zurich' },
      hasValidity: false,
      productAvailabilityRanges: [{ id: 'range-alpenhorn-all-year', from: '2026-11-01', to: '2028-10-31' }],
    });
    expect(response.body.productDefinitions[0]).toMatchObject({
      id: 1031,
      productId: 103,
      attributes: { age: { value: 'adult', displayName: adultLabel } },
    });
  });

  it('falls back to en for an unsupported language', async () => {
    expect((await get('/api/products/101', 'it')).body.name).toBe('Alpenhorn day pass');
  });

  it('lists multi-day definitions with duration, the required keycard deposit and discounts', async () => {
    const response = await get('/api/products/102');
    const adultTwoDays = response.body.productDefinitions.find((d: { id: number }) => d.id === 102012);
    expect(adultTwoDays).toMatchObject({
      attributes: {
        age: { value: 'adult', minAge: 16, maxAge: 64 },
        duration: { value: '2d', displayName: '2 days' },
      },
      requiredProductDefinitions: [
        {
          requiredProductDefinitionId: 1051,
          count: 1,
          requiredProductDefinition: { id: 1051, productId: 105 },
        },
      ],
      discounts: [
        {
          id: 'discounts-early-bird-multi-day',
          name: 'Early bird -10 %',
          discountType: 'RELATIVE',
          value: 10,
        },
      ],
    });
    const durations = response.body.productDefinitions.map(
      (d: { attributes: { duration: { value: string } } }) => d.attributes.duration.value,
    );
    expect(new Set(durations)).toEqual(new Set(['2d', '3d', '4d', '5d', '6d', '7d']));
  });

  it('filters /products by productIds and keeps the partner pool timezone', async () => {
    const response = await get('/api/products?productIds=201,101,999');
    expect(response.body.map((p: { id: number }) => p.id)).toEqual([101, 201]);
    expect(response.body[1].pool).toEqual({
      identifier: 'silver-peak',
      name: 'Silver Peak (partner area, Colorado)',
      timezone: 'America/Denver',
    });
    expect((await get('/api/products')).body).toHaveLength(8);
    const bad = await get('/api/products?productIds=1,x');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Expected integer string');
  });

  it('answers unknown products and categories with 404 problems', async () => {
    const product = await get('/api/products/999');
    expect(product.status).toBe(404);
    expect(product.body).toMatchObject({ code: 'PRODUCT_NOT_FOUND', detail: 'Product 999 does not exist.' });
    expect((await get('/api/products/catalog/nowhere')).body.code).toBe('CATEGORY_NOT_FOUND');
  });

  it('serves the catalogue by category and one category by slug; the keycard deposit comes with the passes that require it, not on its own', async () => {
    const catalog = await get('/api/products/catalog/', 'fr');
    expect(catalog.body.map((c: { slug: string }) => c.slug)).toEqual([
      'lift-tickets',
      'gondola',
      'season-passes',
      'parking',
      'pay-per-use',
      'partner-resorts',
    ]);
    expect((await get('/api/products/catalog/extras', 'de')).body.products).toEqual([]);
    expect((await get('/api/products/105', 'de')).body).toMatchObject({ id: 105, kind: 'DEPOSIT' });
    const parking = await get('/api/products/catalog/parking', 'de');
    expect(parking.body).toMatchObject({
      slug: 'parking',
      name: 'Parkieren',
      products: [{ id: 106, kind: 'PARKING', media: ['LICENSEPLATE'] }],
    });
  });

  it('describes the client and its translation pools', async () => {
    const client = await get('/api/clients/current', 'de');
    expect(client.body).toMatchObject({
      id: 1,
      channelId: testChannelId,
      languages: ['de', 'en', 'fr'],
      currency: 'CHF',
    });
    expect(client.body.pools.map((p: { timezone: string }) => p.timezone)).toEqual([
      'Europe/Zurich',
      'America/Denver',
    ]);
    const translations = await get(
      '/api/clients/translations?poolIdentifiers=alpenhorn,silver-peak,unknown',
      'fr',
    );
    expect(Object.keys(translations.body)).toEqual(['alpenhorn', 'silver-peak']);
    expect(translations.body.alpenhorn).toMatchObject({ 'age.child': 'Enfant', 'duration.3d': '3 jours' });
    expect(translations.body['silver-peak']['age.adult']).toBe('Adulte');
  });

  it('requires the shop headers', async () => {
    const response = await request(kit.app).get('/api/products');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_HEADERS');
  });
});
