/** An ISO 8601 date-time with a time part (plain yyyy-MM-dd dates stay text: they name a day, not an instant). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** §7: fields that may look like dates but never are. */
const FIELDS_KEPT_AS_TEXT = new Set(['zip', 'phone']);

export function isIsoDateTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** JSON.parse reviver: ISO date-time strings become Date objects, except in zip and phone fields. */
export function reviveDates(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || FIELDS_KEPT_AS_TEXT.has(key) || !isIsoDateTime(value)) return value;
  return new Date(value);
}

export function parseJsonWithDates(text: string): unknown {
  return JSON.parse(text, reviveDates);
}
