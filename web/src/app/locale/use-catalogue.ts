import { useEffect, useState } from 'react';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { loadCatalogue, type MessageCatalogue } from '../../i18n/message-catalogue';

const loaded = new Map<Language, MessageCatalogue>();

/** A catalogue already at hand (the server's, or inlined in a server-rendered page): used without loading. */
export function primeCatalogue(locale: Language, catalogue: MessageCatalogue): void {
  loaded.set(locale, catalogue);
}

/** The locale's message catalogue, or undefined while its chunk is still loading. */
export function useCatalogue(locale: Language | undefined): MessageCatalogue | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!locale || loaded.has(locale)) return;
    let active = true;
    void loadCatalogue(locale).then((catalogue) => {
      loaded.set(locale, catalogue);
      if (active) setVersion((version) => version + 1);
    });
    return () => {
      active = false;
    };
  }, [locale]);
  return locale ? loaded.get(locale) : undefined;
}
