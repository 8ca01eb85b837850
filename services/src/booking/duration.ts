import { DateTime } from 'luxon';

/**
 * §5 duration attribute: read as hours or days. "3d", "3 days", "3 Tage", "3 jours", "P3D" are days;
 * "4h", "4 hours", "4 Std.", "PT4H" are hours. A second numeric part ("1.5d", "2-3d") matters for days:
 * it extends the validity by one more day.
 */
export type Duration = { unit: 'hours'; hours: number } | { unit: 'days'; days: number; secondPart: boolean };

const hourUnits = new Set(['h', 'hr', 'hrs', 'hour', 'hours', 'std', 'stunde', 'stunden', 'heure', 'heures']);
const dayUnits = new Set(['', 'd', 'day', 'days', 't', 'tag', 'tage', 'j', 'jour', 'jours']);
const withUnit = /^(\d+)(?:\s*[.,:/-]\s*(\d+))?\s*([a-zé]*)\.?$/;
const isoDuration = /^p(?:(\d+)d)?(?:t(\d+)h)?$/;

export function parseDuration(text: string): Duration | null {
  const value = text.trim().toLowerCase();
  const iso = isoDuration.exec(value);
  if (iso && (iso[1] || iso[2])) {
    const days = Number(iso[1] ?? 0);
    const hours = Number(iso[2] ?? 0);
    if (hours > 0) return { unit: 'hours', hours: days * 24 + hours };
    return days > 0 ? { unit: 'days', days, secondPart: false } : null;
  }
  const match = withUnit.exec(value);
  if (!match) return null;
  const [, whole = '0', second, unit = ''] = match;
  if (hourUnits.has(unit)) {
    const hours = Number(second === undefined ? whole : `${whole}.${second}`);
    return hours > 0 ? { unit: 'hours', hours } : null;
  }
  if (dayUnits.has(unit) && Number(whole) > 0) return { unit: 'days', days: Number(whole), secondPart: second !== undefined };
  return null;
}

/** How many calendar days a validity of this duration touches after its first one (N days end N-1 days later). */
export function extraDays(duration: Duration): number {
  return duration.unit === 'days' ? duration.days - 1 + (duration.secondPart ? 1 : 0) : 0;
}

/**
 * The validity a duration gives from a start, in the pool's timezone: days run from the start of the
 * first day to the end of the last; hours run from the start instant.
 */
export function validityOf(start: DateTime, duration: Duration | null): { from: DateTime; to: DateTime } {
  if (duration?.unit === 'hours') return { from: start, to: start.plus({ hours: duration.hours }) };
  const from = start.startOf('day');
  return { from, to: from.plus({ days: duration ? extraDays(duration) : 0 }).endOf('day') };
}

/** The duration's order for listing options: hours before days, shorter first. */
export function durationRank(duration: Duration | null): number {
  if (!duration) return Number.MAX_SAFE_INTEGER;
  return duration.unit === 'hours' ? duration.hours : 1000 + duration.days * 2 + (duration.secondPart ? 1 : 0);
}
