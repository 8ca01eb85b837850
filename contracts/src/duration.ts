import { DateTime, Duration } from 'luxon';

export type ParsedDuration =
  { unit: 'hours'; hours: number } | { unit: 'days'; days: number; secondPart: boolean };

const HOUR_UNITS = /^(h|hr|hrs|hours?|std|stunden?|heures?)$/i;
const DAY_UNITS = /^(|d|days?|t|tage?n?|j|jours?)$/i;
const NUMBER_WITH_UNIT = /^\s*(\d+)(?:\s*[.,:/_-]\s*(\d+))?\s*([a-zäöüé]*)\.?\s*$/i;

/**
 * §5, shared by the SPA's basket model, the booking journey and pricing: a duration attribute is read as hours or days: ISO 8601 (`P3D`, `PT4H`) or a number with
 * an optional unit (`3`, `3d`, `3 Tage`, `4h`, `1.5 days`). A second numeric part is remembered
 * because it extends a day duration by one day.
 */
export function parseDuration(value: string): ParsedDuration | undefined {
  if (/^P/i.test(value.trim())) {
    const iso = Duration.fromISO(value.trim().toUpperCase());
    if (!iso.isValid) return undefined;
    const { days, hours } = iso.shiftTo('days', 'hours').toObject();
    if (hours) return { unit: 'hours', hours: (days ?? 0) * 24 + hours };
    return days ? { unit: 'days', days, secondPart: false } : undefined;
  }
  const match = NUMBER_WITH_UNIT.exec(value);
  if (!match) return undefined;
  const [, whole = '', fraction, unit = ''] = match;
  if (HOUR_UNITS.test(unit)) {
    const hours = Number(fraction === undefined ? whole : `${whole}.${fraction}`);
    return hours > 0 ? { unit: 'hours', hours } : undefined;
  }
  if (DAY_UNITS.test(unit))
    return Number(whole) > 0
      ? { unit: 'days', days: Number(whole), secondPart: fraction !== undefined }
      : undefined;
  return undefined;
}

/** How many calendar days a validity of this duration reaches past its first one. */
export function extraDays(duration: ParsedDuration): number {
  return duration.unit === 'days' ? duration.days - 1 + (duration.secondPart ? 1 : 0) : 0;
}

export function isEndOfDay(moment: DateTime): boolean {
  return moment.toMillis() === moment.endOf('day').toMillis();
}

/**
 * §4, §5: the end of a validity that starts at `from` and lasts `duration`. N days end N-1 days
 * later (plus one more with a second numeric part); an end that was end-of-day stays end-of-day.
 */
export function validityEnd(from: DateTime, duration: ParsedDuration, keepEndOfDay: boolean): DateTime {
  if (duration.unit === 'hours') return from.plus({ hours: duration.hours });
  const end = from.plus({ days: extraDays(duration) });
  return keepEndOfDay ? end.endOf('day') : end;
}

/** Whether a validity from `from` to `to` is exactly what `duration` describes (days compare by calendar day). */
export function durationFitsRange(duration: ParsedDuration, from: DateTime, to: DateTime): boolean {
  const end = validityEnd(from, duration, false);
  return duration.unit === 'hours' ? end.toMillis() === to.toMillis() : end.hasSame(to, 'day');
}

/** The days a definition is priced for: "3d", "3 days", "3 Tage" -> 3; hours or no duration -> 1. */
export function durationDaysOf(value: string | undefined): number {
  const duration = value ? parseDuration(value) : undefined;
  return duration?.unit === 'days' ? duration.days : 1;
}
