import { alpha2CountryCode, alpha3CountryCode, countryCodeToAlpha3 } from './country-code';

describe('alpha2CountryCode', () => {
  it.each([
    ['CH', 'CH'],
    ['ch', 'CH'],
    ['De', 'DE'],
  ])('accepts %j as %j', (input, expected) => {
    expect(alpha2CountryCode.parse(input)).toBe(expected);
  });
  it.each(['', 'C', 'CHE', 'XX', 'zz', 12])('rejects %j with "Alpha2 Country Code"', (input) => {
    expect(alpha2CountryCode.safeParse(input).error?.issues[0]?.message).toBe('Alpha2 Country Code');
  });
});

describe('countryCodeToAlpha3', () => {
  it.each([
    ['ch', 'CHE'],
    ['CH', 'CHE'],
    ['che', 'CHE'],
    ['AUT', 'AUT'],
    ['XX', 'XX'],
    ['xyz', 'XYZ'],
  ])('converts %j to %j', (input, expected) => {
    expect(countryCodeToAlpha3.parse(input)).toBe(expected);
  });
  it.each(['', 'C', 'SWIT'])('rejects %j', (input) => {
    expect(countryCodeToAlpha3.safeParse(input).error?.issues[0]?.message).toBe(
      'Expected a 2 or 3 letter country code',
    );
  });
});

describe('alpha3CountryCode', () => {
  it.each([
    ['che', 'CHE'],
    ['DEU', 'DEU'],
  ])('accepts %j as %j', (input, expected) => {
    expect(alpha3CountryCode.parse(input)).toBe(expected);
  });
  it.each(['CH', 'XYZ', ''])('rejects %j', (input) => {
    expect(alpha3CountryCode.safeParse(input).error?.issues[0]?.message).toBe(
      'Expected an alpha-3 country code',
    );
  });
});
