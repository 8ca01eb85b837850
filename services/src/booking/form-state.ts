import {
  ATTRIBUTE_ELEMENT_PREFIX,
  formElementIds,
  formValueSchemas,
  type FormStateEntry,
  type PersonTypeEntry,
} from '@alpenpass/contracts';

/** The customer's choices, read from a form state (a list of {id, value}, already validated). */
export interface Choices {
  /** a start day (yyyy-MM-dd), a start instant (durations in hours), or a whole range (season) */
  validity: { from: string; to: string | null } | null;
  personTypes: PersonTypeEntry[] | null;
  quantity: number | null;
  slotId: number | null;
  /** chosen attribute values by identifier (never age) */
  attributes: Record<string, string>;
}

export const noChoices: Choices = {
  validity: null,
  personTypes: null,
  quantity: null,
  slotId: null,
  attributes: {},
};

function validityChoice(value: unknown): Choices['validity'] {
  const parsed = formValueSchemas.validity.parse(value);
  if (parsed === null) return null;
  if (typeof parsed === 'string') return { from: parsed, to: null };
  return parsed.dateRange ? { from: parsed.dateRange.from, to: parsed.dateRange.to ?? null } : null;
}

export function readChoices(entries: FormStateEntry[]): Choices {
  const choices: Choices = { ...noChoices, attributes: {} };
  for (const { id, value } of entries) {
    if (value === null || value === undefined) continue;
    if (id === formElementIds.validity) choices.validity = validityChoice(value);
    else if (id === formElementIds.personTypes)
      choices.personTypes = formValueSchemas.personTypes.parse(value);
    else if (id === formElementIds.quantity) choices.quantity = formValueSchemas.quantity.parse(value);
    else if (id === formElementIds.slot) choices.slotId = formValueSchemas.slot.parse(value);
    else if (id.startsWith(ATTRIBUTE_ELEMENT_PREFIX)) {
      const attribute = formValueSchemas.attribute.parse(value);
      if (attribute !== null) choices.attributes[id.slice(ATTRIBUTE_ELEMENT_PREFIX.length)] = attribute;
    }
  }
  return choices;
}

/** The form state that describes `choices` (the normalised form the API answers with). */
export function writeChoices(choices: Choices): FormStateEntry[] {
  const entries: FormStateEntry[] = [];
  if (choices.validity) {
    entries.push({
      id: formElementIds.validity,
      value: choices.validity.to
        ? { dateRange: { from: choices.validity.from, to: choices.validity.to } }
        : choices.validity.from,
    });
  }
  if (choices.personTypes) entries.push({ id: formElementIds.personTypes, value: choices.personTypes });
  if (choices.quantity !== null) entries.push({ id: formElementIds.quantity, value: choices.quantity });
  for (const [identifier, value] of Object.entries(choices.attributes))
    entries.push({ id: `${ATTRIBUTE_ELEMENT_PREFIX}${identifier}`, value });
  if (choices.slotId !== null) entries.push({ id: formElementIds.slot, value: choices.slotId });
  return entries;
}

/**
 * PATCH mutations: each {id, value} replaces the element's value (null clears it). A new day clears
 * the slot chosen for the old one, since slots belong to a day.
 */
export function applyMutations(entries: FormStateEntry[], mutations: FormStateEntry[]): FormStateEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry.value]));
  for (const mutation of mutations) {
    if (mutation.id === formElementIds.validity && !mutations.some((m) => m.id === formElementIds.slot))
      byId.delete(formElementIds.slot);
    if (mutation.value === null) byId.delete(mutation.id);
    else byId.set(mutation.id, mutation.value);
  }
  return [...byId.entries()].map(([id, value]) => ({ id, value }));
}
