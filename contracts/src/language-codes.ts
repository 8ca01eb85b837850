/** §2, §5 "Lists and languages", §9: supported languages de, en, fr; default de; any other falls back to en.
 * Kept free of zod so the SPA's first bundle can import it (the schemas are in languages.ts). */
export const languages = ['de', 'en', 'fr'] as const;
export type Language = (typeof languages)[number];

/** The locale the SPA uses when none is chosen. */
export const defaultLanguage: Language = 'de';
/** The language used when a requested one is not supported (server texts, account language). */
export const fallbackLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The supported language named by `value` (case and blanks ignored), else en. */
export function resolveLanguage(value: unknown): Language {
  const normalised = typeof value === 'string' ? value.trim().toLowerCase() : value;
  return isLanguage(normalised) ? normalised : fallbackLanguage;
}
