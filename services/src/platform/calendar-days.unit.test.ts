import { everyDayBetween } from './calendar-days';

describe('everyDayBetween', () => {
  it('lists every day of the range, both ends included, across a month end', () => {
    expect(everyDayBetween('2027-01-30', '2027-02-02')).toEqual(['2027-01-30', '2027-01-31', '2027-02-01', '2027-02-02']);
  });

  it('is one day when both ends are the same day, and empty when the range runs backwards', () => {
    expect(everyDayBetween('2027-03-28', '2027-03-28')).toEqual(['2027-03-28']);
    expect(everyDayBetween('2027-03-29', '2027-03-28')).toEqual([]);
  });
});
