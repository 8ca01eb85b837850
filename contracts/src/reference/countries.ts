import isoCountries from 'i18n-iso-countries';
// Registered statically so a browser bundle (which resolves the package's locale-free entry) has the names too.
import germanNames from 'i18n-iso-countries/langs/de.json';
import englishNames from 'i18n-iso-countries/langs/en.json';
import frenchNames from 'i18n-iso-countries/langs/fr.json';
import { z } from 'zod';
import { languages, type Language } from '../language-codes';

isoCountries.registerLocale(germanNames);
isoCountries.registerLocale(englishNames);
isoCountries.registerLocale(frenchNames);

/** §3 Country list entry: numeric id, lowercase alpha2 and alpha3, a name per language. */
export const countryListEntry = z.object({
  id: z.number().int().positive(),
  alpha2: z.string().regex(/^[a-z]{2}$/),
  alpha3: z.string().regex(/^[a-z]{3}$/),
  locale: z.object({
    de: z.object({ name: z.string().min(1) }),
    en: z.object({ name: z.string().min(1) }),
    fr: z.object({ name: z.string().min(1) }),
  }),
});
export type CountryListEntry = z.infer<typeof countryListEntry>;

/** §9: the default country (upper-case alpha2, as the country validators yield it). */
export const DEFAULT_COUNTRY = 'CH';

function officialName(alpha2: string, language: Language): string {
  return isoCountries.getName(alpha2, language, { select: 'official' }) ?? alpha2;
}

function buildCountryList(): CountryListEntry[] {
  return Object.entries(isoCountries.getAlpha2Codes())
    .map(([alpha2, alpha3]) => ({
      id: Number(isoCountries.alpha2ToNumeric(alpha2)),
      alpha2: alpha2.toLowerCase(),
      alpha3: alpha3.toLowerCase(),
      locale: Object.fromEntries(
        languages.map((language) => [language, { name: officialName(alpha2, language) }]),
      ) as CountryListEntry['locale'],
    }))
    .sort((left, right) => left.alpha2.localeCompare(right.alpha2));
}

/**
 * Every ISO 3166-1 country and territory of the dataset (250, Kosovo included), ordered by alpha2. The SPEC's
 * "about 190 countries" counts sovereign states; territories are kept so that addresses in, say,
 * Hong Kong or Greenland can be entered.
 */
export const countries: readonly CountryListEntry[] = Object.freeze(buildCountryList());

const byAlpha2 = new Map(countries.map((country) => [country.alpha2, country]));
const byAlpha3 = new Map(countries.map((country) => [country.alpha3, country]));

/** Looks a country up by alpha2 or alpha3 code, any case. */
export function findCountry(code: string): CountryListEntry | undefined {
  const lower = code.trim().toLowerCase();
  return lower.length === 2 ? byAlpha2.get(lower) : lower.length === 3 ? byAlpha3.get(lower) : undefined;
}

/** The list ordered by the names of one language, for select boxes. */
export function countriesSortedByName(language: Language): CountryListEntry[] {
  const collator = new Intl.Collator(language);
  return [...countries].sort((left, right) =>
    collator.compare(left.locale[language].name, right.locale[language].name),
  );
}
