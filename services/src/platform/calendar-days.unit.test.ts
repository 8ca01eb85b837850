import { daysFromTo, everyDayBetween } from './calendar-days';

describe('everyDayBetween', () => {
  it('lists every day of the range, both ends included, across a month end', () => {
    expect(everyDayBetween('2027-01-30', '2027-02-02')).toEqual([
      '2027-01-30',
      '2027-01-31',
      '2027-02-01',
      '2027-02-02',
    ]);
  });

  it('is one day when both ends are the same day, and empty when the range runs backwards', () => {
    expect(everyDayBetween('2027-03-28', '2027-03-28')).toEqual(['2027-03-28']);
    expect(everyDayBetween('2027-03-29', '2027-03-28')).toEqual([]);
  });
});

describe('daysFromTo', () => {
  it('counts calendar days without listing them, across years and backwards', () => {
    expect(daysFromTo('2027-03-28', '2027-03-28')).toBe(0);
    expect(daysFromTo('2027-03-27', '2027-03-29')).toBe(2);
    expect(daysFromTo('2026-12-31', '2028-01-01')).toBe(366);
    expect(daysFromTo('2027-03-29', '2027-03-28')).toBe(-1);
    // the whole range the validators accept, counted without listing a day
    expect(daysFromTo('0001-01-01', '9999-12-31')).toBe(3_652_058);
  });
});
