import {
  AGE_ATTRIBUTE,
  type BasketEntryInput,
  type ContentAttribute,
  type SaleLimits,
  type ValidityRange,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { findBasketsOfAccount } from '@alpenpass/projections/src/basket';
import {
  findProduct,
  findProductOfDefinition,
  type CatalogueProduct,
} from '@alpenpass/projections/src/catalogue';
import { findPrices } from '@alpenpass/projections/src/pricing';
import type { EventStore } from '../platform/event-store/event-store';
import { loadSlotState, type SlotState } from '../capacity';
import {
  emptyFacts,
  priceDay,
  slotValidity,
  type DefinitionFacts,
  type EntryFacts,
  type ProductFacts,
  type SlotFacts,
} from './entry-facts';

/** Where the basket reads its outside facts. Defaults: the catalogue and pricing read models and
 * the slot streams of the event store (capacity's source of truth, never behind). */
export interface BasketFactSources {
  productOfDefinition(definitionId: number): Promise<CatalogueProduct | null>;
  product(productId: number): Promise<CatalogueProduct | null>;
  prices(requests: { productDefinitionId: number; validAt: string }[]): Promise<Map<string, number>>;
  slot(slotId: number): Promise<SlotState>;
}

export function readModelFactSources(knex: Knex, store: EventStore): BasketFactSources {
  return {
    productOfDefinition: (definitionId) => findProductOfDefinition(knex, definitionId),
    product: (productId) => findProduct(knex, productId),
    async prices(requests) {
      try {
        return await findPrices(knex, requests);
      } catch (error) {
        // no pricing read model in this database yet: every entry falls back to its base price
        if ((error as { code?: string }).code === '42P01') return new Map();
        throw error;
      }
    },
    slot: (slotId) => loadSlotState(store, slotId),
  };
}

const ageRangeOf = (age: ContentAttribute | undefined): DefinitionFacts['ageRange'] => ({
  ...(age?.minAge !== undefined ? { minAge: age.minAge } : {}),
  ...(age?.maxAge !== undefined ? { maxAge: age.maxAge } : {}),
});

function addProduct(facts: EntryFacts, product: CatalogueProduct): void {
  facts.products.set(product.id, {
    id: product.id,
    kind: product.kind,
    timezone: product.pool.timezone,
    hasValidity: product.hasValidity,
    media: product.media,
    bookingWindow: product.bookingWindow,
    availabilityRanges: product.availabilityRanges.map(({ from, to }) => ({ from, to })),
    definitionIds: product.productDefinitions.map((definition) => definition.id),
  });
  for (const definition of product.productDefinitions) {
    const definitionFacts: DefinitionFacts = {
      id: definition.id,
      productId: product.id,
      attributes: Object.fromEntries(
        definition.attributes.map((attribute) => [attribute.identifier, attribute.value]),
      ),
      basePrice: definition.basePrice.amount,
      requiredDefinitions: definition.requiredProductDefinitions.map((required) => ({
        definitionId: required.requiredProductDefinition.id,
        count: required.count,
      })),
      ageRange: ageRangeOf(definition.attributes.find((attribute) => attribute.identifier === AGE_ATTRIBUTE)),
    };
    facts.definitions.set(definition.id, definitionFacts);
  }
}

export function toSlotFacts(state: SlotState): SlotFacts | null {
  if (state.status !== 'scheduled' && state.status !== 'cancelled') return null;
  const { slotId, productId, from, to, productDefinitionIds } = state.slot;
  return { slotId, productId, from, to, productDefinitionIds, capacity: state.capacity };
}

export async function loadProductOfDefinition(
  sources: BasketFactSources,
  facts: EntryFacts,
  definitionId: number,
): Promise<void> {
  if (facts.definitions.has(definitionId)) return;
  const product = await sources.productOfDefinition(definitionId);
  if (product) addProduct(facts, product);
}

export async function loadProduct(
  sources: BasketFactSources,
  facts: EntryFacts,
  productId: number,
): Promise<ProductFacts | null> {
  if (!facts.products.has(productId)) {
    const product = await sources.product(productId);
    if (product) addProduct(facts, product);
  }
  return facts.products.get(productId) ?? null;
}

/** Everything the decider needs to add these entries: definitions with the products of what they
 * require (for the best-fit rule), the slots, and prices for the days the entries are valid. */
/** What facts are gathered for: an entry to add, or one in the basket. */
export type EntryFactRequest = Pick<BasketEntryInput, 'productDefinitionId' | 'slotId'> & {
  validity?: ValidityRange | null;
};

export async function gatherEntryFacts(
  sources: BasketFactSources,
  inputs: EntryFactRequest[],
  now: Date,
  limits: SaleLimits,
): Promise<EntryFacts> {
  const facts = emptyFacts(now, limits);
  const loadDefinitions = async () => {
    for (const input of inputs) await loadProductOfDefinition(sources, facts, input.productDefinitionId);
    for (const definition of [...facts.definitions.values()]) {
      for (const required of definition.requiredDefinitions)
        await loadProductOfDefinition(sources, facts, required.definitionId);
    }
  };
  const slotIds = [...new Set(inputs.map((input) => input.slotId).filter((id): id is number => id !== null))];
  // the catalogue and the slots are independent: read them side by side
  const [, slotStates] = await Promise.all([
    loadDefinitions(),
    Promise.all(slotIds.map((slotId) => sources.slot(slotId))),
  ]);
  slotIds.forEach((slotId, index) => {
    const slot = toSlotFacts(slotStates[index]!);
    if (slot) facts.slots.set(slotId, slot);
  });
  const requests: { productDefinitionId: number; validAt: string }[] = [];
  for (const input of inputs) {
    const definition = facts.definitions.get(input.productDefinitionId);
    if (!definition) continue;
    const slot = input.slotId === null ? undefined : facts.slots.get(input.slotId);
    const validity = slot ? slotValidity(slot) : (input.validity ?? null);
    const timezone = facts.products.get(definition.productId)?.timezone ?? 'Europe/Zurich';
    const day = priceDay(validity, timezone, now);
    const priced = [
      definition.id,
      ...definition.requiredDefinitions.flatMap(
        (required) =>
          facts.products.get(facts.definitions.get(required.definitionId)?.productId ?? -1)?.definitionIds ??
          [],
      ),
    ];
    for (const productDefinitionId of new Set(priced)) requests.push({ productDefinitionId, validAt: day });
  }
  const prices = await sources.prices(requests);
  for (const [key, amount] of prices) facts.prices.set(key, amount);
  return facts;
}

/** An account's basket ids, most recently changed first (the account-baskets read model). */
export const readModelBasketsOfAccount =
  (knex: Knex) =>
  async (accountId: string): Promise<string[]> =>
    (await findBasketsOfAccount(knex, accountId)).map((basket) => basket.basketId);
