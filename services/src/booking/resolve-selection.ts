import {
  attributeElementId,
  DURATION_ATTRIBUTE,
  formElementIds,
  type ClientSlot,
} from '@alpenpass/contracts';
import type { CatalogueProductDefinition } from '@alpenpass/projections/src/catalogue';
import { DateTime } from 'luxon';
import { slotsOnDay } from './availability';
import {
  startIn,
  todayIn,
  type Unavailability,
  usesSlots,
  type Validity,
  validityModeOf,
  validityUnavailability,
} from '../catalogue';
import { attributesOf, choosableAttributes, matchDefinition, personTypesOf } from './definition-match';
import { parseDuration } from '@alpenpass/contracts/src/duration';
import { validityOf } from './duration';
import type { Choices } from './form-state';
import type { JourneyFacts } from './journey-facts';

/** One group of the selection that becomes one basket entry (or one per named person). */
export interface SelectionLine {
  personType: string | null;
  quantity: number;
  personIds: number[] | null;
  definition: CatalogueProductDefinition | null;
}

export interface FormProblem {
  elementId: string;
  code: string;
  message: string;
}

export interface Resolution {
  choices: Choices;
  lines: SelectionLine[];
  /** the validity of the selection in the pool's timezone (from the first line's duration) */
  validity: Validity | null;
  slot: ClientSlot | null;
  /** the day prices are taken for (pool time) */
  priceDate: string;
  missing: string[];
  problems: FormProblem[];
}

const unavailableMessages: Record<Unavailability, string> = {
  OUTSIDE_AVAILABILITY: 'The chosen dates are outside the times this product is sold for.',
  BOOKING_WINDOW: 'The chosen dates cannot be booked now (booking window).',
  NO_SLOTS: 'There is no time slot on the chosen day.',
  SOLD_OUT: 'The chosen time slot has not enough places left.',
};

function linesOf(facts: JourneyFacts, choices: Choices, problems: FormProblem[]): SelectionLine[] {
  const { product } = facts;
  const attributes = choices.attributes;
  const personTypes = personTypesOf(product, facts.language).map((type) => type.value);
  if (personTypes.length === 0) {
    const quantity = choices.quantity ?? 1;
    if (quantity === 0) return [];
    return [
      {
        personType: null,
        quantity,
        personIds: null,
        definition: matchDefinition(product.productDefinitions, {
          age: null,
          attributes,
        }) as CatalogueProductDefinition | null,
      },
    ];
  }
  return (choices.personTypes ?? []).flatMap((entry) => {
    if (!personTypes.includes(entry.personType)) {
      problems.push({
        elementId: formElementIds.personTypes,
        code: 'UNKNOWN_PERSON_TYPE',
        message: `Unknown person type: ${entry.personType}`,
      });
      return [];
    }
    const personIds = 'personIds' in entry ? entry.personIds : null;
    const quantity = personIds ? personIds.length : (entry as { quantity: number }).quantity;
    if (quantity === 0) return [];
    const definition = matchDefinition(product.productDefinitions, {
      age: entry.personType,
      attributes,
    }) as CatalogueProductDefinition | null;
    return [{ personType: entry.personType, quantity, personIds, definition }];
  });
}

function validityFor(
  facts: JourneyFacts,
  choices: Choices,
  definition: CatalogueProductDefinition | null,
): Validity | null {
  const { product } = facts;
  const mode = validityModeOf(product);
  if (mode === 'none' || !choices.validity) return null;
  const start = startIn(product, choices.validity.from);
  if (!start) return null;
  if (mode === 'range') {
    const day = start.toISODate()!;
    const range = product.availabilityRanges.find(
      (candidate) => candidate.from <= day && day <= candidate.to,
    );
    const end = choices.validity.to
      ? startIn(product, choices.validity.to)
      : range
        ? startIn(product, range.to)
        : null;
    const today = todayIn(product, facts.now);
    return { from: start < today ? today : start.startOf('day'), to: (end ?? start).endOf('day') };
  }
  const duration = definition ? parseDuration(attributesOf(definition).get(DURATION_ATTRIBUTE) ?? '') : null;
  return validityOf(start, duration);
}

/** The range option a season product preselects when it offers exactly one. */
function withDefaults(facts: JourneyFacts, choices: Choices): Choices {
  const { product } = facts;
  if (validityModeOf(product) !== 'range' || choices.validity) return choices;
  const today = todayIn(product, facts.now).toISODate()!;
  const open = product.availabilityRanges.filter((range) => range.to >= today);
  return open.length === 1 ? { ...choices, validity: { from: open[0]!.from, to: open[0]!.to } } : choices;
}

/**
 * What the choices resolve to: definitions per person type (§5 matching), the validity from the
 * duration (§5), the slot (§4: a single fitting slot is assigned), what is still missing and what
 * is wrong. Pure: every outside fact comes in `facts`.
 */
export function resolveSelection(facts: JourneyFacts, given: Choices): Resolution {
  const { product } = facts;
  const problems: FormProblem[] = [];
  const missing: string[] = [];
  let choices = withDefaults(facts, given);
  const choosable = choosableAttributes(product, facts.language);

  for (const [identifier, value] of Object.entries(choices.attributes)) {
    const attribute = choosable.find((candidate) => candidate.identifier === identifier);
    if (!attribute)
      problems.push({
        elementId: attributeElementId(identifier),
        code: 'UNKNOWN_FORM_ELEMENT',
        message: `Unknown form element: ${attributeElementId(identifier)}`,
      });
    else if (!attribute.values.some((option) => option.value === value)) {
      problems.push({
        elementId: attributeElementId(identifier),
        code: 'INVALID_OPTION',
        message: `${value} is not an option of ${attributeElementId(identifier)}`,
      });
    }
  }
  for (const attribute of choosable)
    if (!(attribute.identifier in choices.attributes)) missing.push(attributeElementId(attribute.identifier));

  const lines = linesOf(facts, choices, problems);
  const hasPersonTypes = personTypesOf(product, facts.language).length > 0;
  const allocationId = hasPersonTypes ? formElementIds.personTypes : formElementIds.quantity;
  if (lines.length === 0) missing.push(allocationId);
  if (missing.length === 0 && lines.some((line) => !line.definition)) {
    problems.push({
      elementId: allocationId,
      code: 'NO_MATCHING_DEFINITION',
      message: 'No product definition matches the chosen person types and attributes.',
    });
  }

  const mode = validityModeOf(product);
  const validity = validityFor(facts, choices, lines[0]?.definition ?? null);
  if (mode !== 'none' && !choices.validity) missing.push(formElementIds.validity);
  else if (mode !== 'none' && !validity)
    problems.push({
      elementId: formElementIds.validity,
      code: 'INVALID_VALIDITY',
      message: 'The chosen validity cannot be read.',
    });
  else if (validity) {
    const reason = validityUnavailability(product, validity, facts.now);
    if (reason)
      problems.push({
        elementId: formElementIds.validity,
        code: reason,
        message: unavailableMessages[reason],
      });
  }

  let slot: ClientSlot | null = null;
  if (usesSlots(product)) {
    const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
    const definitionIds = lines.flatMap((line) => (line.definition ? [line.definition.id] : []));
    const daySlots = validity
      ? slotsOnDay(product, facts.slots, validity.from.toISODate()!, definitionIds)
      : [];
    const chosenId = choices.slotId ?? (daySlots.length === 1 && lines.length > 0 ? daySlots[0]!.id : null);
    if (chosenId !== null) {
      slot = daySlots.find((candidate) => candidate.id === chosenId) ?? null;
      choices = { ...choices, slotId: chosenId };
      if (!slot)
        problems.push({
          elementId: formElementIds.slot,
          code: 'SLOT_NOT_AVAILABLE',
          message: `Slot ${chosenId} is not offered for the chosen day.`,
        });
      else if (slot.availableCapacity < quantity)
        problems.push({
          elementId: formElementIds.slot,
          code: 'SOLD_OUT',
          message: unavailableMessages.SOLD_OUT,
        });
    } else {
      missing.push(formElementIds.slot);
      if (validity && daySlots.length === 0)
        problems.push({
          elementId: formElementIds.validity,
          code: 'NO_SLOTS',
          message: unavailableMessages.NO_SLOTS,
        });
    }
  }

  const priceDate = (
    slot
      ? DateTime.fromISO(slot.from, { zone: product.pool.timezone })
      : (validity?.from ?? todayIn(product, facts.now))
  ).toISODate()!;
  return { choices, lines, validity, slot, priceDate, missing, problems };
}
