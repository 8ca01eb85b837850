import { defaultLanguage, isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';

/** §2, §9: the chosen locale is remembered for one year, lax same-site. */
export const LOCALE_COOKIE_NAME = 'alpenpass-locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 31_536_000;

export function localeCookie(locale: Language): string {
  return `${LOCALE_COOKIE_NAME}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** The locale stored in a `document.cookie` string, if it is a supported one. */
export function localeFromCookies(cookies: string): Language | undefined {
  for (const pair of cookies.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === LOCALE_COOKIE_NAME && isLanguage(value)) return value;
  }
  return undefined;
}

/** Where `/` leads: the remembered locale, else the default (de). */
export function rememberedLocale(cookies: string): Language {
  return localeFromCookies(cookies) ?? defaultLanguage;
}

export function rememberLocale(locale: Language, target: { cookie: string } = document): void {
  target.cookie = localeCookie(locale);
}
