import {
  countries,
  countriesSortedByName,
  countryListEntry,
  DEFAULT_COUNTRY,
  findCountry,
} from './countries';

describe('country list', () => {
  it('holds every ISO 3166-1 entry of the dataset, each a valid list entry with real names', () => {
    expect(countries.length).toBeGreaterThanOrEqual(190);
    for (const country of countries) {
      expect(countryListEntry.parse(country)).toEqual(country);
      for (const language of ['de', 'en', 'fr'] as const) {
        expect(country.locale[language].name.toLowerCase()).not.toBe(country.alpha2);
      }
    }
    expect(new Set(countries.map((country) => country.id)).size).toBe(countries.length);
  });

  it('describes Switzerland, the default country, in three languages', () => {
    expect(DEFAULT_COUNTRY).toBe('CH');
    expect(findCountry(DEFAULT_COUNTRY)).toEqual({
      id: 756,
      alpha2: 'ch',
      alpha3: 'che',
      locale: { de: { name: 'Schweiz' }, en: { name: 'Switzerland' }, fr: { name: 'Suisse' } },
    });
    expect(findCountry('AUT')?.locale.fr.name).toBe('Autriche');
    expect(findCountry('xx')).toBeUndefined();
  });

  it('sorts by the names of a language', () => {
    const german = countriesSortedByName('de').map((country) => country.locale.de.name);
    expect(german.indexOf('Österreich')).toBeLessThan(german.indexOf('Schweiz'));
    expect(german.indexOf('Ägypten')).toBeLessThan(german.indexOf('Albanien'));
  });
});
