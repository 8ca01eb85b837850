import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentDocument, type ContentDocument } from '@alpenpass/contracts';
import { createTestDatabase, type TestDatabase } from '@alpenpass/infra/test/support';
import { catchUp, liveTarget } from '../runtime/catch-up';
import { ensureLiveGeneration } from '../runtime/replay';
import { memorySource } from '../../test/support/runtime-fixtures';
import {
  attributeValue,
  catalogueDocumentsProjection,
  findCategoryBySlug,
  findProduct,
  findProductOfDefinition,
  findProducts,
  listPools,
} from '.';

let db: TestDatabase;
const source = memorySource();

const demo = (
  JSON.parse(readFileSync(join(__dirname, '../../../infra/demo/catalogue.json'), 'utf8')) as {
    documents: unknown[];
  }
).documents.map((raw) => contentDocument.parse(raw));

const publish = async (document: ContentDocument) => {
  source.add(`catalogue-${document.id}`, 'ContentDocumentPublished', { document });
  await catchUp(db.knex, source, catalogueDocumentsProjection, liveTarget(catalogueDocumentsProjection.name));
};

beforeAll(async () => {
  db = await createTestDatabase();
  for (const document of demo)
    source.add(`catalogue-${document.id}`, 'ContentDocumentPublished', { document });
  await ensureLiveGeneration(db.knex, source, catalogueDocumentsProjection);
  await catchUp(db.knex, source, catalogueDocumentsProjection, liveTarget(catalogueDocumentsProjection.name));
});
afterAll(() => db.drop());

describe('catalogue read model', () => {
  it('finds the gondola with its pool timezone, definitions and booking window', async () => {
    const gondola = await findProduct(db.knex, 103);
    expect(gondola).toMatchObject({
      id: 103,
      kind: 'TIME_SLOT',
      pool: { identifier: 'alpenhorn', timezone: 'Europe/Zurich' },
      hasValidity: false,
      bookingWindow: { earliestDaysBefore: 60, latestMinutesBeforeStart: 15 },
      availabilityRanges: [{ id: 'range-alpenhorn-all-year', from: '2026-11-01', to: '2028-10-31' }],
    });
    expect(gondola?.productDefinitions.map((d) => d.id)).toEqual([1031, 1032]);
    expect(gondola?.productDefinitions.map((d) => attributeValue(d, 'age'))).toEqual(['adult', 'child']);
  });

  it('resolves required definitions and discounts of the multi-day pass', async () => {
    const pass = await findProduct(db.knex, 102);
    const adultThreeDays = pass?.productDefinitions.find((d) => d.id === 102013);
    expect(adultThreeDays?.requiredProductDefinitions).toEqual([
      {
        count: 1,
        requiredProductDefinition: expect.objectContaining({
          id: 1051,
          productId: 105,
          basePrice: { amount: 500, currency: 'CHF' },
        }),
      },
    ]);
    expect(adultThreeDays?.discounts).toEqual([
      expect.objectContaining({ id: 'discounts-early-bird-multi-day', discountType: 'RELATIVE', value: 10 }),
    ]);
    expect(pass?.productDefinitions.map((d) => attributeValue(d, 'duration'))).toEqual(
      expect.arrayContaining(['2d', '7d']),
    );
    expect(pass?.productDefinitions).toHaveLength(18);
  });

  it('keeps the partner pool in its own timezone', async () => {
    expect((await findProduct(db.knex, 201))?.pool.timezone).toBe('America/Denver');
    expect((await listPools(db.knex)).map((pool) => pool.identifier)).toEqual(['alpenhorn', 'silver-peak']);
  });

  it('lists products by id in display order and answers null for unknown ids', async () => {
    expect((await findProducts(db.knex, [201, 101, 999])).map((p) => p.id)).toEqual([101, 201]);
    expect((await findProducts(db.knex)).length).toBe(8);
    expect(await findProduct(db.knex, 999)).toBeNull();
    expect((await findProductOfDefinition(db.knex, 1032))?.id).toBe(103);
    expect((await findCategoryBySlug(db.knex, 'gondola'))?.name.fr).toBe('Télécabine');
  });

  it('answers the product of every definition exactly as the product lookup does (one-statement fetch)', async () => {
    const products = await findProducts(db.knex);
    const definitions = products.flatMap((product) =>
      product.productDefinitions.map((definition) => ({ product, definition })),
    );
    expect(definitions.some(({ definition }) => definition.requiredProductDefinitions.length > 0)).toBe(true);
    expect(
      products.some((product) =>
        product.productDefinitions.some((definition) => definition.discounts.length > 0),
      ),
    ).toBe(true);
    for (const { product, definition } of definitions) {
      expect(await findProductOfDefinition(db.knex, definition.id)).toEqual(
        await findProduct(db.knex, product.id),
      );
    }
    expect(await findProductOfDefinition(db.knex, 999_999)).toBeNull();
  });

  it('ignores an older or equal revision and takes a newer one', async () => {
    const pool = demo.find((d) => d.id === 'pool-alpenhorn')!;
    await publish({ ...pool, revision: 1, timezone: 'Asia/Tokyo' } as ContentDocument);
    expect((await findProduct(db.knex, 101))?.pool.timezone).toBe('Europe/Zurich');
    await publish({ ...pool, revision: 2, timezone: 'Europe/Vienna' } as ContentDocument);
    expect((await findProduct(db.knex, 101))?.pool.timezone).toBe('Europe/Vienna');
  });
});
