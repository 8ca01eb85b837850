import type { Language } from '@alpenpass/contracts/src/language-codes';

/** Each language named in itself, as a choice of language is shown in every language. */
export const languageNames: Record<Language, string> = { de: 'Deutsch', en: 'English', fr: 'Français' };
