import { defaultLanguage, resolveLanguage } from './language-codes';
import { language, languageWithFallback } from './languages';

describe('languages', () => {
  it('supports de, en and fr with de as default', () => {
    expect(language.options).toEqual(['de', 'en', 'fr']);
    expect(defaultLanguage).toBe('de');
  });

  it.each([
    ['de', 'de'],
    ['en', 'en'],
    ['fr', 'fr'],
    ['FR', 'fr'],
    [' de ', 'de'],
    ['it', 'en'],
    ['de-CH', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [42, 'en'],
  ])('resolves %j to %s', (input, expected) => {
    expect(resolveLanguage(input)).toBe(expected);
    expect(languageWithFallback.parse(input)).toBe(expected);
  });

  it('rejects unsupported languages in the strict schema', () => {
    expect(language.safeParse('it').success).toBe(false);
  });
});
