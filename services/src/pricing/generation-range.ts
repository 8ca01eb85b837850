import { addCalendarDays, maxGenerationDaysAhead } from '@alpenpass/contracts';
import { invalid } from '../platform/domain-error';
import { pastDatesMessage } from './decide';
import { todayIn } from './price-engine';
import type { PricedDefinition } from './pricing-model';

export interface GenerationRange {
  /** yyyy-MM-dd calendar dates, from ≤ to (the request schema checks both) */
  from: string;
  to: string;
}

export const tooFarAheadMessage = (dates: string[], latest: string) =>
  `Dates ${dates.join(', ')} are after ${latest}: a generation reaches at most ${maxGenerationDaysAhead} days ahead`;

/** The last date a generation starting today may price. */
export const latestGenerationDate = (today: string) => addCalendarDays(today, maxGenerationDaysAhead);

/** A generation prices today or later (§5 "Dates {list} are in the past") and at most
 * `maxGenerationDaysAhead` days ahead, so its work is bounded whatever the caller asks for. */
export function checkGenerationRange(range: GenerationRange, today: string): void {
  // from ≤ to: a past `to` means a past `from`, a `from` too far ahead a `to` too far ahead
  const ends = [range.from, range.to];
  const past = ends.filter((date) => date < today);
  if (past.length > 0) throw invalid('DATES_IN_PAST', pastDatesMessage([...new Set(past)]), 'body.from');
  const latest = latestGenerationDate(today);
  const beyond = ends.filter((date) => date > latest);
  if (beyond.length > 0)
    throw invalid('DATES_TOO_FAR_AHEAD', tooFarAheadMessage([...new Set(beyond)], latest), 'body.to');
}

/** "Today" for a generation over definitions of several pools: the earliest of their todays, so a
 * date is refused as past only when it is past in every pool; UTC when there is no definition. */
export function generationToday(definitions: PricedDefinition[], now: Date): string {
  const timezones = new Set(definitions.map((definition) => definition.timezone));
  const todays = [...timezones].map((timezone) => todayIn(timezone, now));
  return todays.sort()[0] ?? todayIn('UTC', now);
}
