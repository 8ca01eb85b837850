import type { SlotGroupDefinition } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { EventStore } from '../platform/event-store/event-store';
import { WrongExpectedRevisionError } from '../platform/event-store/event-store';
import { catalogueFactsLookup, createSlotGroupService, type ProductFactsLookup } from '../capacity';
import { placedDemoCatalogue } from './catalogue';
import {
  DEMO_GONDOLA_PRODUCT_ID,
  demoSummerSeasonId,
  demoSummerSlotGroups,
  demoWinterSeasonId,
  demoWinterSlotGroups,
} from './demo-slot-group-definitions';

export { DEMO_GONDOLA_PRODUCT_ID } from './demo-slot-group-definitions';

const seedMetadata = { actor: 'system', correlationId: 'demo-slot-groups' };
const seedStreamOf = (seasonKey: string) => `demoseed-capacity-${seasonKey}`;

/** The gondola's slot groups of the placed demo seasons, each season with a key of its own. */
export function demoSlotGroupsBySeason(
  now: Date,
): { seasonKey: string; definitions: SlotGroupDefinition[] }[] {
  const seasons = new Map(
    placedDemoCatalogue(now).documents.flatMap((doc) =>
      doc.kind === 'season' ? [[doc.id, doc] as const] : [],
    ),
  );
  const winter = seasons.get(demoWinterSeasonId);
  const summer = seasons.get(demoSummerSeasonId);
  if (!winter || !summer)
    throw new Error('the demo catalogue has lost its Alpenhorn winter or summer season');
  return [
    { seasonKey: `winter-${winter.from}`, definitions: demoWinterSlotGroups(winter) },
    { seasonKey: `summer-${summer.from}`, definitions: demoSummerSlotGroups(summer) },
  ];
}

export interface DemoSlotGroupDeps {
  store: EventStore;
  knex: Knex;
  /** defaults to the catalogue read model */
  lookupProduct?: ProductFactsLookup;
  /** how long to wait for the catalogue projection to show the gondola (it imports just before) */
  waitForProductMs?: number;
  log?: { warn(obj: object, msg?: string): void };
  /** the day that places the seasons; defaults to the clock */
  now?: Date;
}

/** The catalogue read model shows a product before all of its definitions when their documents are
 * projected in different batches: wait for the definitions the groups name too. */
async function waitForProduct(
  lookup: ProductFactsLookup,
  waitMs: number,
  definitionIds: number[],
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  const complete = async () => {
    const product = await lookup(DEMO_GONDOLA_PRODUCT_ID);
    return Boolean(product) && definitionIds.every((id) => product!.productDefinitionIds.includes(id));
  };
  while (!(await complete())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return true;
}

// databases seeded before the demo was placed in time hold the export's own winter under this name
const unplacedSeedStream = 'demoseed-capacity';
const unplacedWinterKey = 'winter-2026-12-05';

async function seededIds(store: EventStore, stream: string): Promise<number[] | undefined> {
  return ((await store.readStream(stream))[0]?.data as { slotGroupIds: number[] } | undefined)?.slotGroupIds;
}

/** Creates the groups once per stream; a second run (or a racing start) reads the ids back. */
async function seedOnce(
  store: EventStore,
  stream: string,
  create: () => Promise<number[]>,
): Promise<number[]> {
  const known = await seededIds(store, stream);
  if (known) return known;
  const slotGroupIds = await create();
  try {
    await store.append(
      stream,
      [{ type: 'DemoSlotGroupsSeeded', data: { slotGroupIds }, metadata: seedMetadata }],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  return slotGroupIds;
}

/**
 * Creates the demo slot groups of the current or next winter and summer (./demo-placement.ts), once
 * per season (remembered in the stream demoseed-capacity-<season>-<first day>), and generates their
 * slots; running it again only completes generation, and a restart in a later season adds that
 * season's groups. Returns the slot-group ids (none when the gondola does not show up in the
 * catalogue in time).
 */
export async function loadDemoSlotGroups(deps: DemoSlotGroupDeps): Promise<number[]> {
  const lookupProduct = deps.lookupProduct ?? catalogueFactsLookup(deps.knex);
  const service = createSlotGroupService({ store: deps.store, knex: deps.knex, lookupProduct });
  const metadata = seedMetadata;
  const createAll = async (definitions: SlotGroupDefinition[]) => {
    const ids: number[] = [];
    for (const definition of definitions) ids.push((await service.create(definition, metadata)).id);
    return ids;
  };
  const seasons = demoSlotGroupsBySeason(deps.now ?? new Date());
  const definitionIds = [
    ...new Set(
      seasons.flatMap((season) =>
        season.definitions.flatMap((definition) => definition.productDefinitionIds),
      ),
    ),
  ];
  if (!(await waitForProduct(lookupProduct, deps.waitForProductMs ?? 30000, definitionIds))) {
    // start-up must not fail because the catalogue is missing: the shop simply has no demo slots
    deps.log?.warn(
      { productId: DEMO_GONDOLA_PRODUCT_ID },
      'demo slot groups skipped: the gondola is not in the catalogue',
    );
    return [];
  }

  const slotGroupIds: number[] = [];
  for (const { seasonKey, definitions } of seasons) {
    const unplaced =
      seasonKey === unplacedWinterKey ? await seededIds(deps.store, unplacedSeedStream) : undefined;
    slotGroupIds.push(
      ...(unplaced ?? (await seedOnce(deps.store, seedStreamOf(seasonKey), () => createAll(definitions)))),
    );
  }
  for (const slotGroupId of slotGroupIds) await service.generate(slotGroupId, metadata);
  return slotGroupIds;
}
