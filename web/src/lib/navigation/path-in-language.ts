import type { Language } from '@alpenpass/contracts/src/language-codes';

/** The address of the same page in another language: /de/profile?x=1 → /fr/profile?x=1. */
export function pathInLanguage(language: Language, pathname: string, search: string): string {
  const page = pathname.split('/').slice(2).join('/');
  return `/${language}${page ? `/${page}` : ''}${search}`;
}
