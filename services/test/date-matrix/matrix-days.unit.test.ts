// @date-matrix: the matrix's own days
import { matrixDays } from './matrix-days';

const at = (iso: string) => new Date(iso);

describe('the days of the date matrix', () => {
  it('are the winter season of the demo written for 2026/27 while its middle is ahead', () => {
    expect(matrixDays(at('2026-12-07T12:00:00Z')).map(({ day }) => day)).toEqual([
      '2027-02-10',
      '2027-04-18',
      '2027-04-19',
      '2027-08-11',
    ]);
  });

  it('move to the next winter once the middle of this one has passed, so that every day lies ahead', () => {
    for (const today of ['2027-02-11T09:00:00Z', '2027-04-19T09:00:00Z', '2027-07-01T09:00:00Z']) {
      const days = matrixDays(at(today)).map(({ day }) => day);
      expect(days).toEqual(['2028-02-10', '2028-04-18', '2028-04-19', '2028-08-11']);
      for (const day of days) expect(day > today.slice(0, 10)).toBe(true);
    }
  });
});
