import { ageOn, fitsAgeRange } from './person-age';

describe('a person of a person type', () => {
  it('counts whole years, a birthday from its day on', () => {
    expect(ageOn('2014-12-21', '2030-12-20')).toBe(15);
    expect(ageOn('2014-12-21', '2030-12-21')).toBe(16);
    expect(ageOn('2020-02-29', '2030-02-28')).toBe(9);
    expect(ageOn('2020-02-29', '2030-03-01')).toBe(10);
  });

  it('fits the ages inclusively, and every person fits a type without ages or a person without birthdate', () => {
    const adult = { minAge: 16, maxAge: 64 };
    expect(fitsAgeRange('2014-12-21', adult, '2030-12-21')).toBe(true);
    expect(fitsAgeRange('2014-12-21', adult, '2030-12-20')).toBe(false);
    expect(fitsAgeRange('1966-01-01', adult, '2030-12-31')).toBe(true);
    expect(fitsAgeRange('1965-01-01', adult, '2030-12-31')).toBe(false);
    expect(fitsAgeRange('2020-07-03', { maxAge: 5 }, '2030-12-21')).toBe(false);
    expect(fitsAgeRange('2020-07-03', {}, '2030-12-21')).toBe(true);
    expect(fitsAgeRange(null, adult, '2030-12-21')).toBe(true);
  });
});
