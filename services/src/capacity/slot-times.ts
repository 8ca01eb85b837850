import { DateTime } from 'luxon';

export interface SlotTimesSpec {
  sampleFrom: string | null;
  sampleTo: string | null;
  isAllDay: boolean;
}

export interface SlotInterval {
  /** ISO 8601 UTC instants */
  from: string;
  to: string;
}

const utcText = (moment: DateTime): string => moment.toUTC().toISO({ suppressMilliseconds: true }) ?? '';

/** The slot of one pool day: local wall-clock times in the pool's timezone, stored as UTC. A slot
 * whose end time is not after its start time ends on the next day; an all-day slot runs from the
 * day's local midnight to the next one (23 or 25 hours on daylight-saving days). A local start in
 * the spring-forward gap moves forward to the first existing instant (luxon's rule). */
export function slotOnDay(day: string, spec: SlotTimesSpec, timezone: string): SlotInterval {
  const midnight = DateTime.fromISO(day, { zone: timezone }).startOf('day');
  if (spec.isAllDay || !spec.sampleFrom || !spec.sampleTo) {
    return { from: utcText(midnight), to: utcText(midnight.plus({ days: 1 }).startOf('day')) };
  }
  const from = DateTime.fromISO(`${day}T${spec.sampleFrom}`, { zone: timezone });
  const endDay = spec.sampleTo <= spec.sampleFrom ? midnight.plus({ days: 1 }).toISODate() : day;
  const to = DateTime.fromISO(`${endDay}T${spec.sampleTo}`, { zone: timezone });
  return { from: utcText(from), to: utcText(to) };
}

export function slotsOnDays(days: string[], spec: SlotTimesSpec, timezone: string): SlotInterval[] {
  return days.map((day) => slotOnDay(day, spec, timezone));
}

/** Half-open intervals [from, to) overlap when each starts before the other ends. */
export function overlaps(a: SlotInterval, b: SlotInterval): boolean {
  return Date.parse(a.from) < Date.parse(b.to) && Date.parse(b.from) < Date.parse(a.to);
}
