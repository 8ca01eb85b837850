import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { languages } from '@alpenpass/contracts/src/language-codes';
import { fallbackTexts } from '../app/errors/fallback-texts';
import { loadCatalogue } from './message-catalogue';

const sourceRoot = join(__dirname, '..');

/** Every `messages.ts` / `*-messages.ts` module: where the SPA declares the texts it uses. */
function messageModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return messageModules(path);
    return /(^|-)messages\.ts$/.test(entry.name) ? [path] : [];
  });
}

async function declaredMessages(): Promise<Map<string, string>> {
  const declared = new Map<string, string>();
  for (const file of messageModules(sourceRoot)) {
    for (const group of Object.values((await import(file)) as Record<string, unknown>)) {
      for (const descriptor of Object.values(
        group as Record<string, { id: string; defaultMessage: string }>,
      )) {
        declared.set(descriptor.id, descriptor.defaultMessage);
      }
    }
  }
  return declared;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((match) => match[1]).sort();

describe('message catalogues', () => {
  let declared = new Map<string, string>();
  beforeAll(async () => {
    declared = await declaredMessages();
  });

  it('finds the declared messages', () => {
    expect(declared.size).toBeGreaterThan(20);
    expect(declared.get('catalogue.title')).toBe('Tickets and passes');
  });

  it.each(languages)('%s has every declared message and no other', async (locale) => {
    const catalogue = await loadCatalogue(locale);
    const ids = Object.keys(catalogue);
    expect(ids.filter((id) => !declared.has(id))).toEqual([]);
    expect([...declared.keys()].filter((id) => !(id in catalogue))).toEqual([]);
  });

  it.each(languages)(
    '%s texts are non-empty and use the same placeholders as the declaration',
    async (locale) => {
      const catalogue = await loadCatalogue(locale);
      for (const [id, defaultMessage] of declared) {
        const text = catalogue[id] ?? '';
        expect({ id, empty: text.trim() === '' }).toEqual({ id, empty: false });
        expect({ id, placeholders: placeholders(text) }).toEqual({
          id,
          placeholders: placeholders(defaultMessage),
        });
      }
    },
  );

  it('the English catalogue matches the declared default texts', async () => {
    const english = await loadCatalogue('en');
    expect(Object.fromEntries(declared)).toEqual(english);
  });

  it.each(languages)('the fallback panel has a title and description in %s', (locale) => {
    expect(fallbackTexts[locale].title.length).toBeGreaterThan(3);
    expect(fallbackTexts[locale].description.length).toBeGreaterThan(10);
  });
});
