// @date-matrix: loads the demo resort placed on its day
import { findChannel } from '@alpenpass/projections/src/channel';
import { findProducts } from '@alpenpass/projections/src/catalogue';
import { createCatalogueTestKit, type CatalogueTestKit } from '../../test/support/catalogue-kit';
import { testChannelId } from '../../test/support/shop-headers';
import { loadDemoCatalogue } from './catalogue';

let kit: CatalogueTestKit;
const november2026 = new Date('2026-11-22T09:00:00Z');

beforeAll(async () => {
  kit = await createCatalogueTestKit();
});
afterAll(() => kit.close());

describe('demo catalogue loader', () => {
  it('loads the demo resort into an empty database, and a second run changes nothing', async () => {
    const first = await loadDemoCatalogue({ ...kit.deps, now: november2026 });
    expect(first).toMatchObject({
      unchanged: 0,
      channel: 'created',
      productIds: [101, 102, 103, 104, 105, 106, 107, 201],
    });
    const events = (await kit.store.readAll(0, 10_000)).length;
    expect(events).toBe(first.stored + 1);

    const second = await loadDemoCatalogue({ ...kit.deps, now: november2026 });
    expect(second).toMatchObject({ stored: 0, unchanged: first.stored, channel: 'existing' });
    expect((await kit.store.readAll(0, 10_000)).length).toBe(events);

    await kit.project();
    expect((await findChannel(kit.knex, testChannelId))?.productIds).toEqual(first.productIds);
    const products = await findProducts(kit.knex);
    expect(products.map((p) => p.kind).sort()).toEqual([
      'CONSUMPTION',
      'DAY_PASS',
      'DAY_PASS',
      'DEPOSIT',
      'MULTI_DAY_PASS',
      'PARKING',
      'SEASON_SUBSCRIPTION',
      'TIME_SLOT',
    ]);
    expect(new Set(products.map((p) => p.pool.timezone))).toEqual(
      new Set(['Europe/Zurich', 'America/Denver']),
    );
  });

  it('a start in a later season republishes the moved seasons, their ranges and birth years, and nothing else', async () => {
    const june2027 = await loadDemoCatalogue({ ...kit.deps, now: new Date('2027-06-15T09:00:00Z') });
    // both winters (season + range each) and the child season pass (birth years) moved; the summer runs
    expect(june2027).toMatchObject({ stored: 5, channel: 'existing' });
    await kit.project();
    const dayPass = (await findProducts(kit.knex)).find((product) => product.id === 101);
    expect(dayPass?.availabilityRanges).toEqual([
      expect.objectContaining({ id: 'range-alpenhorn-winter-2026', from: '2027-12-05', to: '2028-04-18' }),
    ]);
    expect((await loadDemoCatalogue({ ...kit.deps, now: new Date('2027-06-16T09:00:00Z') })).stored).toBe(0);
  });
});
