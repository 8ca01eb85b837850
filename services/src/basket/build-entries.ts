import { createHash } from 'node:crypto';
import {
  AGE_ATTRIBUTE,
  basketErrorCodes,
  type BasketEntryInput,
  type BasketEntryRecord,
  type ItemAllocation,
  type Personalization,
} from '@alpenpass/contracts';
import { invalid, notFound } from '../platform/domain-error';
import { priceDay, priceKey, slotValidity, type DefinitionFacts, type EntryFacts } from './entry-facts';
import { entrySaleBreaches, personIdsOf } from './sale-rules';

/** An entry to add, with the id the service gave it (ids are fixed before deciding, so that a
 * retried decision and the capacity hold name the same entry). */
export interface NewEntry {
  entryId: string;
  input: BasketEntryInput;
  children: NewEntry[];
  /** who it is for, chosen with it (staff's admin orders): judged and recorded in the same decision */
  personalization?: Personalization;
}

/** Places an allocation asks for: the quantity, or the sum over its person types. */
export function allocationQuantity(allocation: ItemAllocation): number {
  if ('quantity' in allocation) return allocation.quantity;
  return allocation.personTypes.reduce(
    (sum, entry) => sum + ('quantity' in entry ? entry.quantity : entry.personIds.length),
    0,
  );
}

/** Ids of originated entries derive from the requiring entry, so a retried decision repeats them. */
export function originatedEntryId(originEntryId: string, index: number): string {
  const hex = createHash('sha256').update(`${originEntryId}/required/${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const equalAttributes = (a: DefinitionFacts, b: DefinitionFacts) =>
  Object.entries(a.attributes).filter(
    ([name, value]) => name !== AGE_ATTRIBUTE && b.attributes[name] === value,
  ).length;

/**
 * §5 age matching: a required definition must share the age attribute of the definition that
 * requires it where both have one. When the listed one does not, the best fit of its product takes
 * its place: the definition with that age and the most attributes equal to the listed one.
 */
export function resolveRequiredDefinition(
  requiring: DefinitionFacts,
  required: DefinitionFacts,
  facts: EntryFacts,
): DefinitionFacts {
  const age = requiring.attributes[AGE_ATTRIBUTE];
  const requiredAge = required.attributes[AGE_ATTRIBUTE];
  if (age === undefined || requiredAge === undefined || age === requiredAge) return required;
  const candidates = (facts.products.get(required.productId)?.definitionIds ?? [])
    .map((id) => facts.definitions.get(id))
    .filter(
      (candidate): candidate is DefinitionFacts =>
        candidate !== undefined && candidate.attributes[AGE_ATTRIBUTE] === age,
    )
    .sort((a, b) => equalAttributes(b, required) - equalAttributes(a, required) || a.id - b.id);
  const best = candidates[0];
  if (!best) {
    throw invalid(
      basketErrorCodes.requiredAgeMismatch,
      `Product definition ${requiring.id} requires definition ${required.id}, and no definition of product ${required.productId} has the age ${age}.`,
    );
  }
  return best;
}

function unitPrice(
  definition: DefinitionFacts,
  validity: { from: string } | null,
  facts: EntryFacts,
): BasketEntryRecord['unitPrice'] {
  const product = facts.products.get(definition.productId);
  // pay per use: buying it registers a keycard and costs nothing now; the days used are billed later
  if (product?.kind === 'CONSUMPTION') return { amount: 0, currency: 'CHF', source: 'billedPerUse' };
  const timezone = product?.timezone ?? 'Europe/Zurich';
  const priced = facts.prices.get(priceKey(definition.id, priceDay(validity, timezone, facts.now)));
  if (priced !== undefined) return { amount: priced, currency: 'CHF', source: 'pricing' };
  // No price from the pricing read model for this definition and day: the catalogue's base price.
  return { amount: definition.basePrice, currency: 'CHF', source: 'basePrice' };
}

function entryValidity(
  input: BasketEntryInput,
  definition: DefinitionFacts,
  facts: EntryFacts,
  path: string,
) {
  if (input.slotId !== null) {
    const slot = facts.slots.get(input.slotId);
    if (!slot) throw notFound('SLOT_NOT_FOUND', `Slot ${input.slotId} does not exist.`);
    if (!slot.productDefinitionIds.includes(definition.id)) {
      throw invalid(
        basketErrorCodes.slotNotForDefinition,
        `Slot ${input.slotId} is not offered for product definition ${definition.id}.`,
        `${path}.slotId`,
      );
    }
    return slotValidity(slot);
  }
  // the sale rules (sale-rules.ts) judge the validity sent
  return input.validity ? { from: input.validity.from, to: input.validity.to } : null;
}

/** Persons named on an entry must exist and belong to the basket's account (facts.persons). */
function checkNamedPersons(allocation: ItemAllocation, facts: EntryFacts): void {
  const missing = personIdsOf(allocation).find((personId) => !facts.persons.has(personId));
  if (missing !== undefined) throw notFound(basketErrorCodes.personNotFound, `Person ${missing} not found.`);
}

function refuseBreaches(record: BasketEntryRecord, facts: EntryFacts, path: string): void {
  const [first] = entrySaleBreaches(record, facts);
  if (first) throw invalid(first.code, first.message, first.field ? `${path}.${first.field}` : path);
}

/** The records of one new entry: the entry itself, then its originated entries (§5). */
export function buildEntryRecords(
  entry: NewEntry,
  parentEntryId: string | null,
  facts: EntryFacts,
  path: string,
): BasketEntryRecord[] {
  const { input } = entry;
  const definition = facts.definitions.get(input.productDefinitionId);
  if (!definition) {
    throw invalid(
      basketErrorCodes.unknownDefinition,
      `Product definition ${input.productDefinitionId} does not exist.`,
      `${path}.productDefinitionId`,
    );
  }
  const quantity = allocationQuantity(input.allocation);
  if (quantity < 1)
    throw invalid(
      basketErrorCodes.emptyAllocation,
      'An entry needs a quantity of 1 or more.',
      `${path}.allocation`,
    );
  checkNamedPersons(input.allocation, facts);
  const validity = entryValidity(input, definition, facts, path);
  const record: BasketEntryRecord = {
    entryId: entry.entryId,
    parentEntryId,
    originEntryId: null,
    productId: definition.productId,
    productDefinitionId: definition.id,
    slotId: input.slotId,
    validity,
    allocation: input.allocation,
    quantity,
    attributes: input.attributes,
    unitPrice: unitPrice(definition, validity, facts),
  };
  refuseBreaches(record, facts, path);
  const originated = definition.requiredDefinitions.map(
    ({ definitionId, count }, index): BasketEntryRecord => {
      const listed = facts.definitions.get(definitionId);
      if (!listed)
        throw invalid(
          basketErrorCodes.unknownDefinition,
          `Product definition ${definitionId} (required by ${definition.id}) does not exist.`,
          `${path}.productDefinitionId`,
        );
      const required = resolveRequiredDefinition(definition, listed, facts);
      return {
        entryId: originatedEntryId(entry.entryId, index),
        parentEntryId: null,
        originEntryId: entry.entryId,
        productId: required.productId,
        productDefinitionId: required.id,
        slotId: null,
        validity,
        allocation: { quantity: count * quantity },
        quantity: count * quantity,
        attributes: {},
        unitPrice: unitPrice(required, validity, facts),
      };
    },
  );
  const children = entry.children.flatMap((child, index) =>
    buildEntryRecords(child, entry.entryId, facts, `${path}.children.${index}`),
  );
  return [record, ...originated, ...children];
}
