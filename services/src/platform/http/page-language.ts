import { defaultLanguage, isLanguage, languages, type Language } from '@alpenpass/contracts';
import type { NextFunction, Request, Response } from 'express';

/** The SPA's locale cookie (web/src/app/locale/locale-cookie.ts, §2). */
const localeCookieName = 'alpenpass-locale';

/** `/de/…`, `/xx`: a first segment of two letters is a locale, supported or not (§2: an unsupported one renders nothing). */
const hasLocaleSegment = /^\/[a-z]{2}(?:\/|$)/i;
/** what a page address is made of (a name with a dot is a file, anything odd is left to the shell) */
const pageAddress = /^(?:\/[\w-]+)+\/?$/;

function cookieLanguage(cookieHeader: string | undefined): Language | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === localeCookieName && isLanguage(value)) return value;
  }
  return undefined;
}

/** The customer's language for a page: the remembered locale, else the browser's (Accept-Language), else de. */
export function pageLanguage(req: Request): Language {
  const fromBrowser = req.headers['accept-language'] ? req.acceptsLanguages(...languages) : false;
  return cookieLanguage(req.headers.cookie) ?? (isLanguage(fromBrowser) ? fromBrowser : defaultLanguage);
}

/**
 * A page address without a language (`/basket`, `/impressum`) goes to the same page in the customer's
 * language: the SPA would otherwise read `basket` as an unsupported locale and render nothing.
 * `/` stays the SPA's (its RootRedirect), and so does any two-letter first segment.
 */
export function addPageLanguage(req: Request, res: Response, next: NextFunction): void {
  if (hasLocaleSegment.test(req.path) || !pageAddress.test(req.path)) return next();
  res.setHeader('Vary', 'Cookie, Accept-Language');
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, `/${pageLanguage(req)}${req.originalUrl}`);
}
