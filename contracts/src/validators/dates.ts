import { DateTime } from 'luxon';
import { z } from 'zod';
import { isCalendarDate } from '../calendar-date';
import { validationMessages as messages } from './messages';

/** §5 date and time validators. Date strings yield the trimmed text; use the parsers for Date values. */

const dateSeparator = /[.\-:/]/;
/** Formats tried after ISO 8601, RFC 2822, HTTP and SQL for text such as "31.12.2024" or "12/31/2024". */
const looseDateFormats = [
  'd.M.yyyy',
  'd.M.yy',
  'd/M/yyyy',
  'M/d/yyyy',
  'yyyy/M/d',
  'd-M-yyyy',
  'd.M.yyyy H:mm',
  'd.M.yyyy H:mm:ss',
];

/** A date as a person might type it: contains . - : or / and parses as a date. */
export function parseLooseDate(text: string): DateTime | null {
  const trimmed = text.trim();
  if (!dateSeparator.test(trimmed)) return null;
  const candidates = [
    () => DateTime.fromISO(trimmed, { setZone: true }),
    () => DateTime.fromRFC2822(trimmed, { setZone: true }),
    () => DateTime.fromHTTP(trimmed, { setZone: true }),
    () => DateTime.fromSQL(trimmed, { setZone: true }),
    ...looseDateFormats.map((format) => () => DateTime.fromFormat(trimmed, format)),
  ];
  for (const candidate of candidates) {
    const parsed = candidate();
    if (parsed.isValid) return parsed;
  }
  return null;
}

export const dateString = z
  .string({ error: messages.dateString })
  .trim()
  .refine((text) => parseLooseDate(text) !== null, messages.dateString);

const year = '(?:\\d{4}|[+-]\\d{6})';
const calendarDate = `${year}(?:-\\d{2}(?:-\\d{2})?|\\d{4})`;
const weekDate = `${year}-?W\\d{2}(?:-?[1-7])?`;
const ordinalDate = `${year}-?\\d{3}`;
const fraction = '(?:[.,]\\d+)?';
const time = `T\\d{2}(?::?\\d{2}(?::?\\d{2}${fraction})?)?`;
const zone = '(?:Z|[+-]\\d{2}(?::?\\d{2})?)';
const iso8601Pattern = new RegExp(`^(?:${weekDate}|${ordinalDate}|${calendarDate})(?:${time}${zone}?)?$`);

/** Parses ISO 8601 date text (calendar, week or ordinal date; optional time and zone); null if invalid. */
export function parseIso8601(text: string): DateTime | null {
  const trimmed = text.trim();
  if (trimmed.length <= 4 || !iso8601Pattern.test(trimmed)) return null;
  const parsed = DateTime.fromISO(trimmed, { setZone: true });
  return parsed.isValid ? parsed : null;
}

export const iso8601DateString = z
  .string({ error: messages.iso8601DateString })
  .trim()
  .refine((text) => parseIso8601(text) !== null, messages.iso8601DateString);

/**
 * §4/§5 "the date format is yyyy-MM-dd": a plain calendar date naming a day that exists. A time, a zone, an
 * expanded year (+002026-12-10), the basic format (20261210), surrounding blanks and 2026-02-30 are refused —
 * unlike §5's "ISO 8601 date string" above, which takes date-times too. Every contract that names a date
 * (a validity, a pricing day, a slot group's dates) uses this one.
 */
export const calendarDateString = z
  .string({ error: messages.calendarDateFormat })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.calendarDateFormat, abort: true })
  .refine(isCalendarDate, messages.calendarDateExists);

export const minimumAgeYears = 0;
export const maximumAgeYears = 150;

/** Whole years between `birth` and `now` (negative for a birthdate in the future). */
export function ageInYears(birth: DateTime, now: DateTime = DateTime.now()): number {
  return Math.floor(now.diff(birth, 'years').years);
}

export function isPlausibleBirthdate(text: string, now: DateTime = DateTime.now()): boolean {
  const birth = parseIso8601(text);
  if (!birth) return false;
  const age = ageInYears(birth, now);
  return age >= minimumAgeYears && age <= maximumAgeYears;
}

/** A birthdate: valid ISO 8601 and an age of 0 to 150 years inclusive; custom message optional. */
export function createBirthdateString(message: string = messages.birthdate) {
  return z
    .string({ error: message })
    .trim()
    .refine((text) => isPlausibleBirthdate(text), message);
}

export const birthdateString = createBirthdateString();

const formattedTimePattern = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export interface TimeOfDay {
  hours: number;
  minutes: number;
  seconds: number;
}

/** "8:05", "08:05" or "23:59:30" -> { hours, minutes, seconds } (seconds default 0). */
export const formattedTime = z
  .string({ error: messages.formattedTime })
  .trim()
  .regex(formattedTimePattern, messages.formattedTime)
  .transform((text): TimeOfDay => {
    const [, hours, minutes, seconds] = formattedTimePattern.exec(text) ?? [];
    return { hours: Number(hours), minutes: Number(minutes), seconds: Number(seconds ?? 0) };
  });
