import { localeCookie, localeFromCookies, rememberedLocale, rememberLocale } from './locale-cookie';

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
});
