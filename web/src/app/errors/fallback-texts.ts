import type { Language } from '@alpenpass/contracts/src/language-codes';

/**
 * The fallback panel must render even when the message catalogue could not be loaded, so its
 * two texts ship with the main bundle instead of the lazily loaded catalogues.
 */
export const fallbackTexts: Record<Language, { title: string; description: string }> = {
  de: {
    title: 'Etwas ist schiefgelaufen',
    description:
      'Diese Seite konnte nicht angezeigt werden. Bitte laden Sie sie neu oder versuchen Sie es später erneut.',
  },
  en: {
    title: 'Something went wrong',
    description: 'This page could not be shown. Please reload it or try again later.',
  },
  fr: {
    title: 'Une erreur est survenue',
    description: "Cette page n'a pas pu être affichée. Veuillez la recharger ou réessayer plus tard.",
  },
};
