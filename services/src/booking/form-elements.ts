import { attributeElementId, formElementIds, type FormElement, type FormOption } from '@alpenpass/contracts';
import type { CatalogueProductDefinition } from '@alpenpass/projections/src/catalogue';
import { everyDayBetween } from '../platform/calendar-days';
import { bookableDays, slotsOnDay } from './availability';
import { todayIn, usesSlots, validityModeOf } from '../catalogue';
import { choosableAttributes, matchDefinition, personTypesOf } from './definition-match';
import { writeChoices, type Choices } from './form-state';
import type { JourneyFacts } from './journey-facts';
import { elementLabel, slotLabel } from './labels';
import { definitionPrice, quote } from './quote';
import { resolveSelection, type Resolution } from './resolve-selection';
import { validityCalendar } from './validity-calendar';

const valueOf = (choices: Choices, id: string) =>
  writeChoices(choices).find((entry) => entry.id === id)?.value ?? null;

function rangeOptions(facts: JourneyFacts, resolution: Resolution): FormOption[] {
  const { product, language, now } = facts;
  const today = todayIn(product, now).toISODate()!;
  return product.availabilityRanges
    .filter((range) => range.to >= today)
    .map((range) => {
      const choices: Choices = { ...resolution.choices, validity: { from: range.from, to: range.to } };
      const candidate = resolveSelection(facts, choices);
      const available = !candidate.problems.some((problem) => problem.elementId === formElementIds.validity);
      return {
        value: range.id,
        label: range.name[language],
        from: range.from,
        to: range.to,
        available,
        price: quote(facts, choices),
      };
    });
}

function personTypeOptions(facts: JourneyFacts, resolution: Resolution): FormOption[] {
  return personTypesOf(facts.product, facts.language).map((type) => {
    const definition = matchDefinition(facts.product.productDefinitions, {
      age: type.value,
      attributes: resolution.choices.attributes,
    }) as CatalogueProductDefinition | null;
    return {
      value: type.value,
      label: type.label,
      ...(type.minAge === undefined ? {} : { minAge: type.minAge }),
      ...(type.maxAge === undefined ? {} : { maxAge: type.maxAge }),
      available: definition !== null,
      price: definition ? definitionPrice(facts, definition, resolution.priceDate) : null,
    };
  });
}

function attributeOptions(facts: JourneyFacts, resolution: Resolution, identifier: string): FormOption[] {
  const attribute = choosableAttributes(facts.product, facts.language).find(
    (candidate) => candidate.identifier === identifier,
  );
  return (attribute?.values ?? []).map((option) => {
    const choices: Choices = {
      ...resolution.choices,
      attributes: { ...resolution.choices.attributes, [identifier]: option.value },
    };
    const candidate = resolveSelection(facts, choices);
    const fits =
      candidate.lines.every((line) => line.definition) &&
      !candidate.problems.some((p) => p.elementId === formElementIds.validity);
    return { value: option.value, label: option.label, available: fits, price: quote(facts, choices) };
  });
}

/** Slot options: the chosen day's slots fitting the chosen definitions, else every loaded slot. */
function slotOptions(facts: JourneyFacts, resolution: Resolution): FormOption[] {
  const quantity = resolution.lines.reduce((sum, line) => sum + line.quantity, 0);
  const definitionIds = resolution.lines.flatMap((line) => (line.definition ? [line.definition.id] : []));
  const day = resolution.validity?.from.toISODate();
  const slots = day ? slotsOnDay(facts.product, facts.slots, day, definitionIds) : facts.slots;
  return slots.map((slot) => ({
    value: slot.id,
    label: slotLabel(slot.from, slot.to),
    from: slot.from,
    to: slot.to,
    availableCapacity: slot.availableCapacity,
    available: slot.availableCapacity >= Math.max(1, quantity),
  }));
}

/** Start days as options (the options endpoint pages them; the calendar uses the validities call). */
function dayOptions(facts: JourneyFacts, resolution: Resolution): FormOption[] {
  const days = bookableDays(facts.product, facts.now);
  if (!days) return [];
  return validityCalendar(facts, resolution.choices, everyDayBetween(days.min, days.max)).map((day) => ({
    value: day.date,
    label: day.date,
    available: day.available,
    price: day.price,
  }));
}

/** The full option list of one element, or null when the product's form has no such element. */
export function optionsOf(
  facts: JourneyFacts,
  resolution: Resolution,
  elementId: string,
): FormOption[] | null {
  if (!elementIdsOf(facts).includes(elementId)) return null;
  if (elementId === formElementIds.validity)
    return validityModeOf(facts.product) === 'range'
      ? rangeOptions(facts, resolution)
      : dayOptions(facts, resolution);
  if (elementId === formElementIds.personTypes) return personTypeOptions(facts, resolution);
  if (elementId === formElementIds.slot) return slotOptions(facts, resolution);
  if (elementId === formElementIds.quantity) return [];
  return attributeOptions(facts, resolution, elementId.slice('attribute:'.length));
}

/** The elements a product's form has, in the order the SPA shows them. */
export function elementIdsOf(facts: JourneyFacts): string[] {
  const { product, language } = facts;
  const ids: string[] = [];
  if (validityModeOf(product) !== 'none') ids.push(formElementIds.validity);
  ids.push(
    personTypesOf(product, language).length > 0 ? formElementIds.personTypes : formElementIds.quantity,
  );
  for (const attribute of choosableAttributes(product, language))
    ids.push(attributeElementId(attribute.identifier));
  if (usesSlots(product)) ids.push(formElementIds.slot);
  return ids;
}

export function elementsOf(facts: JourneyFacts, resolution: Resolution): FormElement[] {
  const { product, language } = facts;
  const { choices } = resolution;
  return elementIdsOf(facts).map((id): FormElement => {
    if (id === formElementIds.validity) {
      const mode = validityModeOf(product);
      const days = bookableDays(product, facts.now);
      const options = mode === 'range' ? rangeOptions(facts, resolution) : [];
      const label = elementLabel(
        mode === 'range' ? 'season' : usesSlots(product) ? 'slotDay' : 'validity',
        language,
      );
      return {
        id,
        kind: 'validity',
        label,
        required: true,
        mode: mode === 'range' ? 'range' : 'day',
        value: valueOf(choices, id),
        options,
        optionsTotal:
          mode === 'range' ? options.length : days ? everyDayBetween(days.min, days.max).length : 0,
        ...(days ? { min: days.min, max: days.max } : {}),
      };
    }
    if (id === formElementIds.personTypes) {
      const personalized = (choices.personTypes ?? []).some((entry) => 'personIds' in entry);
      const options = personTypeOptions(facts, resolution);
      return {
        id,
        kind: 'personTypes',
        label: elementLabel(id, language),
        required: true,
        mode: personalized ? 'personalized' : 'anonymous',
        value: choices.personTypes ?? [],
        options,
        optionsTotal: options.length,
      };
    }
    if (id === formElementIds.quantity) {
      const max = resolution.slot ? resolution.slot.availableCapacity : 100;
      return {
        id,
        kind: 'quantity',
        label: elementLabel(id, language),
        required: true,
        value: choices.quantity ?? 1,
        options: [],
        optionsTotal: 0,
        min: 1,
        max,
      };
    }
    if (id === formElementIds.slot) {
      const options = slotOptions(facts, resolution);
      return {
        id,
        kind: 'slot',
        label: elementLabel(id, language),
        required: true,
        value: choices.slotId,
        options,
        optionsTotal: options.length,
      };
    }
    const identifier = id.slice('attribute:'.length);
    const options = attributeOptions(facts, resolution, identifier);
    return {
      id,
      kind: 'attribute',
      label: elementLabel(identifier, language),
      required: true,
      value: choices.attributes[identifier] ?? null,
      options,
      optionsTotal: options.length,
    };
  });
}
