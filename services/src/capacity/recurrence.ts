import { DateTime } from 'luxon';
import { Frequency, RRule, type Options } from 'rrule';
import { invalid } from '../platform/domain-error';

/** The days a slot group covers: its RFC 5545 RRULE between startDate and endDate, plus its custom
 * dates, minus its exceptions. Days are calendar days (yyyy-MM-dd) of the pool; times of day are
 * applied afterwards in the pool's timezone (slot-times.ts), which keeps the expansion free of
 * daylight-saving arithmetic: rrule runs on "floating" UTC midnights that stand for local days. */
export interface RecurrenceSpec {
  pattern: string;
  startDate: string;
  endDate: string;
  customDates: string[];
  exceptions: string[];
}

/** A slot group may not produce more slots than an admin list can show (§5, §9). */
export const MAX_DAYS_PER_GROUP = 10000;

const subDailyFrequencies = new Set<Frequency>([Frequency.HOURLY, Frequency.MINUTELY, Frequency.SECONDLY]);

function floatingMidnight(day: string): Date {
  return DateTime.fromISO(day, { zone: 'utc' }).toJSDate();
}

function dayOf(date: Date): string {
  return DateTime.fromJSDate(date, { zone: 'utc' }).toISODate() ?? '';
}

/** Parses the pattern or throws a 400 refusal that names the field. */
export function parsePattern(pattern: string): Partial<Options> {
  const value = pattern.trim().replace(/^RRULE:/i, '');
  if (/DTSTART|TZID/i.test(value)) {
    throw invalid(
      'INVALID_PATTERN',
      'The pattern must not contain DTSTART or TZID: startDate and the pool timezone apply.',
      'body.pattern',
    );
  }
  let options;
  try {
    options = RRule.parseString(value);
  } catch {
    throw invalid(
      'INVALID_PATTERN',
      'The pattern is not a valid RFC 5545 RRULE (e.g. FREQ=WEEKLY;BYDAY=SA,SU).',
      'body.pattern',
    );
  }
  if (options.freq === undefined) {
    throw invalid(
      'INVALID_PATTERN',
      'The pattern must name a FREQ (DAILY, WEEKLY, MONTHLY or YEARLY).',
      'body.pattern',
    );
  }
  if (subDailyFrequencies.has(options.freq)) {
    throw invalid(
      'INVALID_PATTERN',
      'The pattern repeats days: use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY; times come from sampleFrom and sampleTo.',
      'body.pattern',
    );
  }
  return options;
}

/** The covered days in ascending order, without duplicates. */
export function recurrenceDays(spec: RecurrenceSpec): string[] {
  const options = parsePattern(spec.pattern);
  const lastMoment = DateTime.fromISO(spec.endDate, { zone: 'utc' }).endOf('day').toJSDate();
  const patternUntil = options.until && options.until < lastMoment ? options.until : lastMoment;
  const rule = new RRule({ ...options, dtstart: floatingMidnight(spec.startDate), until: patternUntil });
  const days = new Set<string>();
  rule.all((date, index) => {
    days.add(dayOf(date));
    return index < MAX_DAYS_PER_GROUP;
  });
  for (const day of spec.customDates) days.add(day);
  for (const day of spec.exceptions) days.delete(day);
  if (days.size > MAX_DAYS_PER_GROUP) {
    throw invalid(
      'TOO_MANY_SLOTS',
      `A slot group may produce at most ${MAX_DAYS_PER_GROUP} slots.`,
      'body.pattern',
    );
  }
  return [...days].sort();
}
