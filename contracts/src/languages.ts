import { z } from 'zod';

/** §2, §5 "Lists and languages", §9: supported languages de, en, fr; default de; any other falls back to en. */
export const languages = ['de', 'en', 'fr'] as const;
export const language = z.enum(languages);
export type Language = z.infer<typeof language>;

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

/** Query/body field that never fails: unsupported or missing values become en. */
export const languageWithFallback = z.unknown().transform(resolveLanguage);

/** A text in every supported language (e.g. content attribute displayName). */
export const localizedText = z.object({ de: z.string(), en: z.string(), fr: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;
