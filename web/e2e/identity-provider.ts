import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { mailTo } from './mailbox';

/**
 * The embedded identity provider's pages (/oidc, services/src/identity/pages.ts) as a newcomer meets
 * them: registration, the confirmation mail read from Mailpit, and the sign-in form.
 */
export interface Newcomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** yyyy-mm-dd */
  birthdate: string;
}

export function newcomer(
  names: { firstName: string; lastName: string } = { firstName: 'Lena', lastName: 'Bergmann' },
): Newcomer {
  return {
    email: `e2e-${randomBytes(5).toString('hex')}@example.ch`,
    password: `Berg-${randomBytes(6).toString('hex')}`,
    birthdate: '1991-03-14',
    ...names,
  };
}

/** What the provider's pages (services/src/identity/texts.ts) and its confirmation mail say. */
export interface ProviderTexts {
  registerTitle: string;
  email: string;
  password: RegExp;
  firstName: string;
  lastName: string;
  birthdate: string;
  createAccount: string;
  checkInbox: string;
  confirmSubject: string;
  confirmed: string;
  backToShop: string;
  signInTitle: string;
  signInPassword: string;
  signIn: string;
}

export const providerTexts: Record<'de' | 'en' | 'fr', ProviderTexts> = {
  de: {
    registerTitle: 'Konto erstellen',
    email: 'E-Mail-Adresse',
    password: /^Passwort/,
    firstName: 'Vorname',
    lastName: 'Nachname',
    birthdate: 'Geburtsdatum',
    createAccount: 'Konto erstellen',
    checkInbox:
      'Wir haben Ihnen eine E-Mail gesendet. Bitte folgen Sie dem Link darin, um Ihre Adresse zu bestätigen.',
    confirmSubject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    confirmed: 'Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.',
    backToShop: 'Zurück zum Shop',
    signInTitle: 'Anmelden',
    signInPassword: 'Passwort',
    signIn: 'Anmelden',
  },
  en: {
    registerTitle: 'Create an account',
    email: 'E-mail',
    password: /^Password/,
    firstName: 'First name',
    lastName: 'Last name',
    birthdate: 'Date of birth',
    createAccount: 'Create account',
    checkInbox: 'We have sent you an e-mail. Please follow its link to confirm your address.',
    confirmSubject: 'Confirm your e-mail address',
    confirmed: 'Your e-mail address is confirmed. You can now sign in.',
    backToShop: 'Back to the shop',
    signInTitle: 'Sign in',
    signInPassword: 'Password',
    signIn: 'Sign in',
  },
  fr: {
    registerTitle: 'Créer un compte',
    email: 'Adresse e-mail',
    password: /^Mot de passe/,
    firstName: 'Prénom',
    lastName: 'Nom',
    birthdate: 'Date de naissance',
    createAccount: 'Créer le compte',
    checkInbox: 'Nous vous avons envoyé un e-mail. Veuillez suivre son lien pour confirmer votre adresse.',
    confirmSubject: 'Confirmez votre adresse e-mail',
    confirmed: 'Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.',
    backToShop: 'Retour à la boutique',
    signInTitle: 'Se connecter',
    signInPassword: 'Mot de passe',
    signIn: 'Se connecter',
  },
};

/** The confirmation link of the registration mail, as Mailpit stored it. */
export async function confirmationLink(address: string, subject: string): Promise<string> {
  const mail = await mailTo(address, subject, 20_000);
  const link = mail.Text.match(/https?:\/\/\S+\/oidc\/verify\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${address}:\n${mail.Text}`);
  return link;
}

/**
 * The provider's registration form (the page is open) and the mailed confirmation. `afterFill` runs
 * with the filled form (a screenshot), `afterConfirm` on the confirmation page.
 */
export async function registerAndConfirm(
  page: Page,
  person: Newcomer,
  texts: ProviderTexts = providerTexts.en,
  steps: { afterFill?: () => Promise<unknown>; afterConfirm?: () => Promise<unknown> } = {},
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: texts.registerTitle }).waitFor();
  await page.getByLabel(texts.email, { exact: true }).fill(person.email);
  await page.getByLabel(texts.password).fill(person.password);
  await page.getByLabel(texts.firstName, { exact: true }).fill(person.firstName);
  await page.getByLabel(texts.lastName, { exact: true }).fill(person.lastName);
  await page.getByLabel(texts.birthdate, { exact: true }).fill(person.birthdate);
  await steps.afterFill?.();
  await page.getByRole('button', { name: texts.createAccount }).click();
  await page.getByText(texts.checkInbox).waitFor();
  await page.goto(await confirmationLink(person.email, texts.confirmSubject));
  await page.getByText(texts.confirmed).waitFor();
  await steps.afterConfirm?.();
}

/** The provider's sign-in form, reached from the shop's sign-in page. */
export async function signInOnProvider(
  page: Page,
  person: Newcomer,
  texts: ProviderTexts = providerTexts.en,
): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('heading', { level: 1, name: texts.signInTitle }).waitFor();
  await page.getByLabel(texts.email, { exact: true }).fill(person.email);
  await page.getByLabel(texts.signInPassword, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: texts.signIn }).click();
}
