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

/** The first of the browser's languages (navigator.languages: what it sends as Accept-Language) the shop speaks: "fr-CH" → fr. */
export function browserLocale(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** Where `/` leads: the remembered locale (§2 cookie), else the browser's first supported language, else the default (de). */
export function rememberedLocale(cookies: string, preferred: readonly string[] = []): Language {
  return localeFromCookies(cookies) ?? browserLocale(preferred) ?? defaultLanguage;
}

/** The browser's languages in order of preference (navigator.language when the list is missing). */
export const navigatorLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);

export function rememberLocale(locale: Language, target: { cookie: string } = document): void {
  target.cookie = localeCookie(locale);
}
