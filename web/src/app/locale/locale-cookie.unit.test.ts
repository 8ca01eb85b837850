import {
  browserLocale,
  localeCookie,
  localeFromCookies,
  rememberedLocale,
  rememberLocale,
} from './locale-cookie';

describe('the locale cookie', () => {
  it('lasts one year with lax same-site', () => {
    expect(localeCookie('fr')).toBe('alpenpass-locale=fr; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is read back among other cookies', () => {
    expect(localeFromCookies('a=1; alpenpass-locale=en; b=2')).toBe('en');
  });

  it('ignores unsupported values and leads / to de when nothing is remembered', () => {
    expect(localeFromCookies('alpenpass-locale=xx')).toBeUndefined();
    expect(rememberedLocale('alpenpass-locale=it')).toBe('de');
    expect(rememberedLocale('')).toBe('de');
    expect(rememberedLocale('alpenpass-locale=fr')).toBe('fr');
  });

  it('is written to the given document', () => {
    const target = { cookie: '' };
    rememberLocale('en', target);
    expect(target.cookie).toBe(localeCookie('en'));
  });

  it('takes the browser’s first supported language on a first visit; the cookie still wins once set', () => {
    expect(browserLocale(['fr-CH', 'de-CH', 'en'])).toBe('fr');
    expect(browserLocale(['it-CH', 'EN-gb'])).toBe('en');
    expect(browserLocale(['it', 'es'])).toBeUndefined();
    expect(rememberedLocale('', ['fr-CH', 'de'])).toBe('fr');
    expect(rememberedLocale('', ['it'])).toBe('de');
    expect(rememberedLocale('alpenpass-locale=de', ['fr-CH'])).toBe('de');
  });
});
