import fc from 'fast-check';
import type { ContentDocumentOf } from '@alpenpass/contracts';
import { createProjectionRunner } from '@alpenpass/projections';
import { catalogueRowOf, type CatalogueProduct } from '@alpenpass/projections/src/catalogue';
import { assembleProducts } from '@alpenpass/projections/src/catalogue/load-products';
import { prefetchedReader } from '@alpenpass/projections/src/catalogue/prefetched-documents';
import { pricesOfDefinitions, pricingProjections } from '@alpenpass/projections/src/pricing';
import { DateTime } from 'luxon';
import { createTestDatabase, type TestDatabase } from '../../../infra/test/support/test-database';
import { validityUnavailability } from './product-validity';
import { demoDocuments } from '../../test/support/booking-fixtures';
import { everyDayBetween } from '../platform/calendar-days';
import type { EventStore } from '../platform/event-store/event-store';
import { createPostgresEventStore } from '../platform/event-store/postgres-event-store';
import { pricedDefinitionsOf } from '../pricing/catalogue-adapter';
import { priceDefinition } from '../pricing/price-engine';
import { inMemoryCatalogue, noDemand } from '../pricing/pricing-ports';
import { fromPricesOf } from './from-prices';
import { saleWindowsOf } from './sale-window';

/** The demo resort's winter season generated as the generation workflow does (price function,
 * events, read model) on 25 November 2026, then the catalogue's "from" prices checked against it. */
const generatedAt = new Date('2026-11-25T08:00:00Z');
let db: TestDatabase;
let store: EventStore;
let products: CatalogueProduct[];
let prices: Map<string, number>;

beforeAll(async () => {
  db = await createTestDatabase();
  store = createPostgresEventStore({ knex: db.knex });
  const runner = createProjectionRunner({ knex: db.knex, source: store, projections: pricingProjections });
  await runner.start();
  const productDocs = demoDocuments.filter(
    (doc): doc is ContentDocumentOf<'internalProduct'> => doc.kind === 'internalProduct',
  );
  products = await assembleProducts(prefetchedReader(demoDocuments.map(catalogueRowOf)), productDocs);
  const definitions = pricedDefinitionsOf(products);
  const days = everyDayBetween('2026-11-25', '2027-04-30');
  const deps = { store, catalogue: inMemoryCatalogue(definitions), demand: noDemand, now: () => generatedAt };
  for (const definition of definitions) {
    await priceDefinition(deps, definition, days, {
      cause: { kind: 'generation', generationId: 'season', batch: 0 },
      metadata: {},
    });
  }
  await runner.catchUpTo();
  const rows = await pricesOfDefinitions(
    db.knex,
    definitions.map((definition) => definition.productDefinitionId),
    '2026-01-01',
    '2028-12-31',
  );
  prices = new Map(rows.map((row) => [`${row.productDefinitionId}@${row.date}`, row.amount]));
}, 120_000);

afterAll(async () => {
  await store?.close();
  await db?.drop();
});

/** The lowest price over every day a customer can start on, found day by day. */
function lowestPayable(product: CatalogueProduct, definitionId: number, now: Date): number | undefined {
  const definition = product.productDefinitions.find((candidate) => candidate.id === definitionId)!;
  const amounts = saleWindowsOf(product, definition, now)
    .flatMap((window) => everyDayBetween(window.from, window.to))
    .map((day) => prices.get(`${definitionId}@${day}`) ?? definition.basePrice.amount);
  return amounts.length > 0 ? Math.min(...amounts) : undefined;
}

describe('the catalogue "from" price over the generated demo season', () => {
  it('is the lowest price payable in the sale window for every definition', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), async (daysLater) => {
        const now = DateTime.fromJSDate(generatedAt).plus({ days: daysLater }).toJSDate();
        const fromPrices = await fromPricesOf(db.knex, products, now);
        for (const product of products) {
          for (const definition of product.productDefinitions) {
            expect(fromPrices.get(definition.id)).toBe(lowestPayable(product, definition.id, now));
          }
        }
      }),
      { numRuns: 8 },
    );
  });

  it('offers only days that can be booked', () => {
    const pass = products.find((product) => product.id === 102)!;
    const sevenDays = pass.productDefinitions.find((definition) => definition.id === 102017)!;
    for (const window of saleWindowsOf(pass, sevenDays, generatedAt)) {
      for (const day of everyDayBetween(window.from, window.to)) {
        const from = DateTime.fromISO(day, { zone: pass.pool.timezone });
        expect(
          validityUnavailability(pass, { from, to: from.plus({ days: 6 }).endOf('day') }, generatedAt),
        ).toBeNull();
      }
    }
  });

  it('answers the demo prices: the child season pass below its base price, the deposit at CHF 5.00', async () => {
    const fromPrices = await fromPricesOf(db.knex, products, generatedAt);
    expect(fromPrices.get(1042)).toBeLessThan(44_500);
    expect(fromPrices.get(1051)).toBe(500);
    // booked ahead, the adult day pass costs less than its base price on its cheapest day
    expect(fromPrices.get(1011)).toBeLessThan(7_900);
  });
});
