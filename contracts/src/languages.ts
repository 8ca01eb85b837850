import { z } from 'zod';
import { languages, resolveLanguage } from './language-codes';

export const language = z.enum(languages);

/** Query/body field that never fails: unsupported or missing values become en. */
export const languageWithFallback = z.unknown().transform(resolveLanguage);

/** A text in every supported language (e.g. content attribute displayName). */
export const localizedText = z.object({ de: z.string(), en: z.string(), fr: z.string() });
export type LocalizedText = z.infer<typeof localizedText>;
