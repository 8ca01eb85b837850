import type { ConditionField, ConditionValues } from './checkout-types';

/** The enabled fields in the operator's order. */
export const shownFields = (fields: readonly ConditionField[]): ConditionField[] =>
  fields.filter((field) => field.enabled !== false).sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));

/** The answers given so far, else each field's default. */
export function initialValues(fields: readonly ConditionField[], given: ConditionValues): ConditionValues {
  return Object.fromEntries(
    shownFields(fields).map((field) => [
      field.name,
      field.name in given ? given[field.name] : (field.defaultValue ?? null),
    ]),
  );
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The required fields left unanswered (a required checkbox must be ticked). */
export function unansweredRequired(fields: readonly ConditionField[], values: ConditionValues): string[] {
  return shownFields(fields)
    .filter(
      (field) =>
        field.required &&
        (field.kind === 'checkbox' ? values[field.name] !== true : isBlank(values[field.name])),
    )
    .map((field) => field.name);
}

/** What is sent: blank answers are left out. */
export const answeredValues = (values: ConditionValues): ConditionValues =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => !isBlank(value)));
