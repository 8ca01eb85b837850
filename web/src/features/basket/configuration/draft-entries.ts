import { DateTime } from 'luxon';
import { createEntry } from '../model/basket-entries';
import { definitionWithAttributes } from '../model/definition-matching';
import { parseDuration, validityEnd } from '@alpenpass/contracts/src/duration';
import { changeDates, changeQuantity } from '../model/entry-changes';
import { chooseSlot } from '../model/slot-matching';
import { toIso, withValidity } from '../model/validity';
import {
  AGE_ATTRIBUTE,
  DURATION_ATTRIBUTE,
  consoleLogger,
  newEntryId,
  type Attributes,
  type BasketEntry,
  type BasketLogger,
  type NewEntryId,
  type Product,
  type ProductDefinition,
  type Slot,
} from '../model/types';
import type { BookingMode } from './product-model';

/** What the visitor chose on the product page. */
export interface ConfigurationChoices {
  /** yyyy-MM-dd in the pool's timezone */
  startDay: string | null;
  duration: string | null;
  /** person type (age value, '' without ages) → quantity */
  quantities: Readonly<Record<string, number>>;
  slot: Slot | null;
}

const ONE_DAY = { unit: 'days', days: 1, secondPart: false } as const;

/** §4: a validity starting on a day in the pool's timezone and lasting the duration, end-of-day kept. */
export function validityForDay(product: Product, startDay: string, duration: string | null) {
  const from = DateTime.fromISO(startDay, { zone: product.pool.timezone }).startOf('day');
  const to = validityEnd(from, (duration && parseDuration(duration)) || ONE_DAY, true);
  return { from: toIso(from), to: toIso(to) };
}

/** The definition of a person type (and the duration, if the product has durations). */
export function definitionFor(
  product: Product,
  personType: string,
  duration: string | null,
): ProductDefinition | undefined {
  const sample = product.productDefinitions.find(
    (definition) => (definition.attributes[AGE_ATTRIBUTE]?.value ?? '') === personType,
  );
  if (!sample) return undefined;
  const wanted: Attributes = {
    ...sample.attributes,
    ...(duration && sample.attributes[DURATION_ATTRIBUTE]
      ? { [DURATION_ATTRIBUTE]: { value: duration } }
      : {}),
  };
  return definitionWithAttributes(product.productDefinitions, wanted) ?? sample;
}

/** Required products become children of their entry, one product per required definition. */
function withRequiredChildren(entry: BasketEntry, nextId: NewEntryId): BasketEntry {
  const children = entry.productDefinition.requiredProductDefinitions.flatMap((required) => {
    const definition = required.requiredProductDefinition;
    if (!definition) return [];
    const product: Product = {
      id: definition.productId,
      pool: entry.product.pool,
      productDefinitions: [definition],
      hasValidity: false,
    };
    return [
      createEntry(
        { product, productDefinition: definition, quantity: required.count, originEntryId: entry.id },
        nextId,
      ),
    ];
  });
  return { ...entry, children };
}

/**
 * The basket entries the choices describe: one per person type with a quantity, each with its
 * required products as children, dated by the chosen day (and duration), slot or season.
 */
export function draftEntries(
  product: Product,
  mode: BookingMode,
  choices: ConfigurationChoices,
  nextId: NewEntryId = newEntryId,
  logger: BasketLogger = consoleLogger,
): BasketEntry[] {
  return Object.entries(choices.quantities).flatMap(([personType, quantity]) => {
    const definition = quantity > 0 ? definitionFor(product, personType, choices.duration) : undefined;
    if (!definition) return [];
    let entry = withRequiredChildren(createEntry({ product, productDefinition: definition }, nextId), nextId);
    if (mode === 'days' && choices.startDay)
      entry = changeDates(entry, validityForDay(product, choices.startDay, choices.duration), logger);
    if (mode === 'slot' && choices.slot) entry = chooseSlot(entry, choices.slot);
    const season = product.productAvailabilityRanges?.[0];
    if (mode === 'season' && season)
      entry = withValidity(entry, { from: season.from.toISOString(), to: season.to.toISOString() });
    return [changeQuantity(entry, quantity)];
  });
}

/** Whether the entries are complete enough for the server basket. */
export function draftsReady(
  mode: BookingMode,
  choices: ConfigurationChoices,
  drafts: readonly BasketEntry[],
): boolean {
  if (drafts.length === 0) return false;
  if (mode === 'days') return choices.startDay !== null;
  if (mode === 'slot') return choices.slot !== null;
  return true;
}
