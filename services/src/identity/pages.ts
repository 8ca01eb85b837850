import type { Language } from '@alpenpass/contracts/src/language-codes';
import { escapeHtml, shopHome, type Page } from './page-layout';
import { identityTexts } from './texts';

/** The identity provider's pages: plain forms, no scripts, every value escaped, in the visitor's
 * language (texts.ts); page-layout.ts dresses them in the shop's look. */
const layout = (language: Language, title: string, body: string): Page => ({ language, title, body });

const message = (kind: 'notice' | 'error', text?: string): string =>
  text ? `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>` : '';

const field = (name: string, label: string, type: string, value = '', extra = ''): string =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" ${extra}>`;

/** A provider address that keeps the page's language for the next page. */
export const withLanguage = (path: string, language: Language): string =>
  `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

export const pages = {
  login: (
    language: Language,
    options: { action: string; email?: string; error?: string; notice?: string },
  ) => {
    const t = identityTexts[language];
    return layout(
      language,
      t.signInTitle,
      `${message('error', options.error)}${message('notice', options.notice)}
<form method="post" action="${escapeHtml(options.action)}">
${field('email', t.email, 'email', options.email, 'required autocomplete="username" autofocus')}
${field('password', t.password, 'password', '', 'required autocomplete="current-password"')}
<button type="submit">${escapeHtml(t.signIn)}</button></form>
<p><a href="${withLanguage('/oidc/register', language)}">${escapeHtml(t.createAccountLink)}</a> · <a href="${withLanguage('/oidc/forgot', language)}">${escapeHtml(t.forgotTitle)}</a></p>`,
    );
  },
  register: (language: Language, options: { error?: string; values?: Record<string, string> }) => {
    const t = identityTexts[language];
    return layout(
      language,
      t.registerTitle,
      `${message('error', options.error)}
<form method="post" action="${withLanguage('/oidc/register', language)}">
${field('email', t.email, 'email', options.values?.email, 'required autocomplete="email"')}
${field('password', t.passwordWithRule, 'password', '', 'required minlength="10" autocomplete="new-password"')}
${field('givenName', t.firstName, 'text', options.values?.givenName, 'required autocomplete="given-name"')}
${field('familyName', t.lastName, 'text', options.values?.familyName, 'required autocomplete="family-name"')}
${field('birthdate', t.birthdate, 'date', options.values?.birthdate, 'required autocomplete="bday"')}
<button type="submit">${escapeHtml(t.createAccount)}</button></form>`,
    );
  },
  checkInbox: (language: Language, text: string) =>
    layout(language, identityTexts[language].checkInboxTitle, message('notice', text)),
  done: (language: Language, title: string, text: string) =>
    layout(
      language,
      title,
      `${message('notice', text)}<p><a href="${shopHome(language)}">${escapeHtml(identityTexts[language].backToShop)}</a></p>`,
    ),
  forgot: (language: Language, options: { error?: string }) => {
    const t = identityTexts[language];
    return layout(
      language,
      t.forgotTitle,
      `${message('error', options.error)}
<form method="post" action="${withLanguage('/oidc/forgot', language)}">${field('email', t.email, 'email', '', 'required autocomplete="email"')}
<button type="submit">${escapeHtml(t.sendLink)}</button></form>`,
    );
  },
  reset: (language: Language, options: { token: string; error?: string }) => {
    const t = identityTexts[language];
    return layout(
      language,
      t.resetTitle,
      `${message('error', options.error)}
<form method="post" action="${withLanguage('/oidc/reset', language)}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
${field('password', t.newPasswordWithRule, 'password', '', 'required minlength="10" autocomplete="new-password"')}
<button type="submit">${escapeHtml(t.savePassword)}</button></form>`,
    );
  },
  error: (language: Language, text: string) =>
    layout(
      language,
      identityTexts[language].errorTitle,
      `${message('error', text)}<p><a href="${shopHome(language)}">${escapeHtml(identityTexts[language].backToShop)}</a></p>`,
    ),
};
