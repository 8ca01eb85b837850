/** A person type's ages (a definition's `age` attribute, `minAge` and `maxAge` inclusive). */
export interface AgeRange {
  minAge?: number;
  maxAge?: number;
}

/** Whole years from a birthdate to a day (both yyyy-MM-dd): a birthday counts from its day on. */
export function ageOn(birthdate: string, day: string): number {
  const [birthYear, birthMonthDay] = [Number(birthdate.slice(0, 4)), birthdate.slice(5, 10)];
  const [year, monthDay] = [Number(day.slice(0, 4)), day.slice(5, 10)];
  return year - birthYear - (monthDay < birthMonthDay ? 1 : 0);
}

/** Whether a person born on `birthdate` is of a person type's ages on `day` (the validity's first day
 * in the pool's zone). An unknown birthdate or a type without ages fits: the server decides the same. */
export function fitsAgeRange(birthdate: string | null, range: AgeRange, day: string): boolean {
  if (!birthdate || (range.minAge === undefined && range.maxAge === undefined)) return true;
  const age = ageOn(birthdate, day);
  return (
    (range.minAge === undefined || age >= range.minAge) && (range.maxAge === undefined || age <= range.maxAge)
  );
}
