import { DateTime } from 'luxon';
import { extraDays, type ParsedDuration } from '@alpenpass/contracts/src/duration';

/** §5 durations (hours or days) are parsed by contracts/src/duration.ts, shared with the SPA. */
export type Duration = ParsedDuration;

/**
 * The validity a duration gives from a start, in the pool's timezone: days run from the start of the
 * first day to the end of the last; hours run from the start instant.
 */
export function validityOf(
  start: DateTime,
  duration: Duration | null | undefined,
): { from: DateTime; to: DateTime } {
  if (duration?.unit === 'hours') return { from: start, to: start.plus({ hours: duration.hours }) };
  const from = start.startOf('day');
  return { from, to: from.plus({ days: duration ? extraDays(duration) : 0 }).endOf('day') };
}

/** The duration's order for listing options: hours before days, shorter first. */
export function durationRank(duration: Duration | null | undefined): number {
  if (!duration) return Number.MAX_SAFE_INTEGER;
  return duration.unit === 'hours'
    ? duration.hours
    : 1000 + duration.days * 2 + (duration.secondPart ? 1 : 0);
}
