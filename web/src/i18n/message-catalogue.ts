import type { Language } from '@alpenpass/contracts/src/language-codes';

/** Message id → ICU message text, one catalogue per supported language. */
export type MessageCatalogue = Readonly<Record<string, string>>;

/** §9: every text is formatted in this timezone, whatever the browser's. */
export const TEXT_TIME_ZONE = 'Europe/Berlin';

/** Only the active language's catalogue is downloaded: each one is its own chunk. */
export async function loadCatalogue(locale: Language): Promise<MessageCatalogue> {
  switch (locale) {
    case 'de':
      return (await import('./catalogues/de')).de;
    case 'en':
      return (await import('./catalogues/en')).en;
    case 'fr':
      return (await import('./catalogues/fr')).fr;
  }
}
