// @date-matrix: the demo's slots follow its seasons
import { catalogueStreamName } from '@alpenpass/contracts';
import { listSlotGroupSlots } from '@alpenpass/projections/src/capacity';
import { catalogueDocumentsProjection } from '@alpenpass/projections/src/catalogue';
import { catchUp, liveTarget } from '@alpenpass/projections/src/runtime/catch-up';
import { ensureLiveGeneration } from '@alpenpass/projections/src/runtime/replay';
import { createCapacityTestKit, type CapacityTestKit } from '../../test/support/capacity-kit';
import { catalogueFactsLookup } from '../capacity/catalogue-facts';
import { placedDemoCatalogue } from './catalogue';
import { DEMO_GONDOLA_PRODUCT_ID, loadDemoSlotGroups } from './slot-groups';

let kit: CapacityTestKit;

// the demo is placed on a fixed day: the winter 2026/27 and the summer 2027 (./demo-placement.ts)
const now = new Date('2026-11-22T09:00:00Z');

/** The demo catalogue placed on `now`, projected into the catalogue read model. */
async function publishDemoCatalogue(): Promise<void> {
  const { documents } = placedDemoCatalogue(now);
  for (const document of documents) {
    await kit.store.append(
      catalogueStreamName(document.id),
      [{ type: 'ContentDocumentPublished', data: { document } }],
      { expectedRevision: 'any' },
    );
  }
  await ensureLiveGeneration(kit.knex, kit.store, catalogueDocumentsProjection);
  await catchUp(
    kit.knex,
    kit.store,
    catalogueDocumentsProjection,
    liveTarget(catalogueDocumentsProjection.name),
  );
}

beforeAll(async () => {
  kit = await createCapacityTestKit();
  await publishDemoCatalogue();
});
afterAll(async () => {
  await kit.close();
});

describe('demo slot groups', () => {
  it('reads the gondola from the catalogue read model', async () => {
    expect(await catalogueFactsLookup(kit.knex)(DEMO_GONDOLA_PRODUCT_ID)).toEqual({
      productId: 103,
      timezone: 'Europe/Zurich',
      productDefinitionIds: [1031, 1032],
      bookingWindow: { earliestDaysBefore: 60, latestMinutesBeforeStart: 15 },
    });
    expect(await catalogueFactsLookup(kit.knex)(999)).toBeNull();
  });

  it('skips the demo slots with a warning when the gondola is not in the catalogue', async () => {
    const warnings: object[] = [];
    const log = { warn: (obj: object) => void warnings.push(obj) };
    const ids = await loadDemoSlotGroups({
      store: kit.store,
      knex: kit.knex,
      lookupProduct: async () => null,
      waitForProductMs: 300,
      log,
    });
    expect(ids).toEqual([]);
    expect(warnings).toEqual([{ productId: 103 }]);
  });

  it('loads morning and afternoon slots of the gondola once, across the change to summer time, and the summer days', async () => {
    const ids = await loadDemoSlotGroups({ store: kit.store, knex: kit.knex, now });
    expect(ids).toHaveLength(4);
    expect(await loadDemoSlotGroups({ store: kit.store, knex: kit.knex, now })).toEqual(ids);
    await kit.project();
    const [mornings, afternoons, newYearsEve, summerDays] = await Promise.all(
      ids.map((id) => listSlotGroupSlots(kit.knex, id, 10000)),
    );
    // 135 season days minus 3 closed days; afternoons also skip New Year's Eve, which has its own group
    expect(mornings).toHaveLength(132);
    expect(afternoons).toHaveLength(131);
    expect(newYearsEve!.map((slot) => [slot.from, slot.to])).toEqual([
      ['2026-12-31T12:00:00Z', '2026-12-31T14:00:00Z'],
    ]);
    const starts = mornings!.map((slot) => slot.from);
    expect(starts).toContain('2027-03-27T07:30:00Z');
    expect(starts).toContain('2027-03-28T06:30:00Z');
    expect(starts).not.toContain('2026-12-25T07:30:00Z');
    // 29 May to 24 October 2027, in summer time
    expect(summerDays).toHaveLength(149);
    expect(summerDays![0]).toMatchObject({ from: '2027-05-29T07:00:00Z', to: '2027-05-29T14:00:00Z' });
  });

  it('a start in June 2027 keeps the running summer and adds the groups of the winter 2027/28', async () => {
    const before = await loadDemoSlotGroups({ store: kit.store, knex: kit.knex, now });
    const june = await loadDemoSlotGroups({
      store: kit.store,
      knex: kit.knex,
      now: new Date('2027-06-15T09:00:00Z'),
    });
    expect(june).toHaveLength(4);
    expect(june[3]).toBe(before[3]);
    expect(june.slice(0, 3)).not.toEqual(before.slice(0, 3));
    await kit.project();
    const [mornings, , newYearsEve] = await Promise.all(
      june.map((id) => listSlotGroupSlots(kit.knex, id, 10000)),
    );
    const starts = mornings!.map((slot) => slot.from);
    // 26 March 2028 is the last Sunday of March
    expect(starts).toContain('2028-03-25T07:30:00Z');
    expect(starts).toContain('2028-03-26T06:30:00Z');
    expect(starts).not.toContain('2027-12-25T07:30:00Z');
    expect(newYearsEve!.map((slot) => slot.from)).toEqual(['2027-12-31T12:00:00Z']);
  });
});
