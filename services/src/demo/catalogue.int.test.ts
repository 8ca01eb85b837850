import { findChannel } from '@alpenpass/projections/src/channel';
import { findProducts } from '@alpenpass/projections/src/catalogue';
import { createCatalogueTestKit, type CatalogueTestKit } from '../catalogue/catalogue-test-kit';
import { testChannelId } from '../platform/testing/shop-headers';
import { loadDemoCatalogue } from './catalogue';

let kit: CatalogueTestKit;

beforeAll(async () => {
  kit = await createCatalogueTestKit();
});
afterAll(() => kit.close());

describe('demo catalogue loader', () => {
  it('loads the demo resort into an empty database, and a second run changes nothing', async () => {
    const first = await loadDemoCatalogue(kit.deps);
    expect(first).toMatchObject({ unchanged: 0, channel: 'created', productIds: [101, 102, 103, 104, 105, 106, 107, 201] });
    const events = (await kit.store.readAll(0, 10_000)).length;
    expect(events).toBe(first.stored + 1);

    const second = await loadDemoCatalogue(kit.deps);
    expect(second).toMatchObject({ stored: 0, unchanged: first.stored, channel: 'existing' });
    expect((await kit.store.readAll(0, 10_000)).length).toBe(events);

    await kit.project();
    expect((await findChannel(kit.knex, testChannelId))?.productIds).toEqual(first.productIds);
    const products = await findProducts(kit.knex);
    expect(products.map((p) => p.kind).sort()).toEqual(
      ['CONSUMPTION', 'DAY_PASS', 'DAY_PASS', 'DEPOSIT', 'MULTI_DAY_PASS', 'PARKING', 'SEASON_SUBSCRIPTION', 'TIME_SLOT'],
    );
    expect(new Set(products.map((p) => p.pool.timezone))).toEqual(new Set(['Europe/Zurich', 'America/Denver']));
  });
});
