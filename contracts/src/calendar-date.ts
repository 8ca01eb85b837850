/**
 * Calendar dates as yyyy-MM-dd text, counted in whole days since 1970-01-01 ("epoch days").
 * Plain arithmetic without luxon and without zod, so the SPA and the workflow sandbox can import it
 * and loops over many days stay cheap.
 */

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayMs = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 of a yyyy-MM-dd date; NaN for any other text. Out-of-range parts roll over
 * (2025-02-30 counts as 2025-03-02): check with `isCalendarDate` first where that matters. */
export function epochDayOf(date: string): number {
  const parts = calendarDatePattern.exec(date);
  if (!parts) return Number.NaN;
  const instant = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps the years 0000-0099 as they are
  instant.setUTCFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return Math.round(instant.getTime() / dayMs);
}

/** The yyyy-MM-dd date of an epoch day (years 0000-9999). */
export function dateOfEpochDay(epochDay: number): string {
  const instant = new Date(epochDay * dayMs);
  const year = String(instant.getUTCFullYear()).padStart(4, '0');
  const month = String(instant.getUTCMonth() + 1).padStart(2, '0');
  const day = String(instant.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** yyyy-MM-dd naming a day that exists: 2024-02-29 yes, 2025-02-29 and 2025-13-01 no. */
export function isCalendarDate(text: string): boolean {
  const epochDay = epochDayOf(text);
  return Number.isFinite(epochDay) && dateOfEpochDay(epochDay) === text;
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addCalendarDays(date: string, days: number): string {
  return dateOfEpochDay(epochDayOf(date) + days);
}
