import type { SlotGroupDefinition } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { EventStore } from '../platform/event-store/event-store';
import { WrongExpectedRevisionError } from '../platform/event-store/event-store';
import { catalogueFactsLookup } from '../capacity/catalogue-facts';
import type { ProductFactsLookup } from '../capacity/product-facts';
import { createSlotGroupService } from '../capacity/slot-group-service';

/** The demo gondola (infra/demo/catalogue.json: product-summit-gondola, peProductId 103, definitions
 * 1031 and 1032) in the coming winter season of the Alpenhorn pool (Europe/Zurich), which crosses the
 * change to summer time on 28 March 2027. Closed on Christmas Day and on two revision days. */
export const DEMO_GONDOLA_PRODUCT_ID = 103;
const demoSeedStream = 'demoseed-capacity';

const season = {
  pattern: 'FREQ=DAILY',
  startDate: '2026-12-05',
  endDate: '2027-04-18',
  customDates: [],
  exceptions: ['2026-12-25', '2027-01-19', '2027-03-09'],
  availabilityRangeId: 'range-alpenhorn-all-year',
  productId: DEMO_GONDOLA_PRODUCT_ID,
  productDefinitionIds: [1031, 1032],
  isAllDay: false,
  overlapDetection: true,
  isVisible: true,
};

export const demoSlotGroups: SlotGroupDefinition[] = [
  { ...season, name: 'Summit gondola – mornings', sampleFrom: '08:30:00', sampleTo: '12:00:00', color: '#1f6feb', capacity: 40 },
  // on New Year's Eve the afternoon ends early: that day has a group of its own
  { ...season, name: 'Summit gondola – afternoons', sampleFrom: '13:00:00', sampleTo: '16:30:00', color: '#d29922', capacity: 30, exceptions: [...season.exceptions, '2026-12-31'] },
  {
    ...season,
    name: "Summit gondola – New Year's Eve afternoon",
    pattern: 'FREQ=YEARLY;COUNT=1',
    startDate: '2026-12-31',
    endDate: '2026-12-31',
    exceptions: [],
    sampleFrom: '13:00:00',
    sampleTo: '15:00:00',
    color: '#8957e5',
    capacity: 20,
  },
];

export interface DemoSlotGroupDeps {
  store: EventStore;
  knex: Knex;
  /** defaults to the catalogue read model */
  lookupProduct?: ProductFactsLookup;
  /** how long to wait for the catalogue projection to show the gondola (it imports just before) */
  waitForProductMs?: number;
  log?: { warn(obj: object, msg?: string): void };
}

async function waitForProduct(lookup: ProductFactsLookup, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (!(await lookup(DEMO_GONDOLA_PRODUCT_ID))) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return true;
}

/**
 * Creates the demo slot groups once (remembered in the stream demoseed-capacity) and generates
 * their slots; running it again only completes generation. Returns the slot-group ids (none when
 * the gondola does not show up in the catalogue in time).
 */
export async function loadDemoSlotGroups(deps: DemoSlotGroupDeps): Promise<number[]> {
  const lookupProduct = deps.lookupProduct ?? catalogueFactsLookup(deps.knex);
  const service = createSlotGroupService({ store: deps.store, knex: deps.knex, lookupProduct });
  const metadata = { actor: 'system', correlationId: 'demo-slot-groups' };
  if (!(await waitForProduct(lookupProduct, deps.waitForProductMs ?? 30000))) {
    // start-up must not fail because the catalogue is missing: the shop simply has no demo slots
    deps.log?.warn({ productId: DEMO_GONDOLA_PRODUCT_ID }, 'demo slot groups skipped: the gondola is not in the catalogue');
    return [];
  }

  const seeded = await deps.store.readStream(demoSeedStream);
  let slotGroupIds = (seeded[0]?.data as { slotGroupIds: number[] } | undefined)?.slotGroupIds;
  if (!slotGroupIds) {
    slotGroupIds = [];
    for (const definition of demoSlotGroups) slotGroupIds.push((await service.create(definition, metadata)).id);
    try {
      await deps.store.append(demoSeedStream, [{ type: 'DemoSlotGroupsSeeded', data: { slotGroupIds }, metadata }], { expectedRevision: 'no_stream' });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
  for (const slotGroupId of slotGroupIds) await service.generate(slotGroupId, metadata);
  return slotGroupIds;
}
