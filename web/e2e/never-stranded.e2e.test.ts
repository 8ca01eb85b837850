import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chooseFirstAvailableDay } from './calendar';
import { launchChromium, screenshotFolder } from './chromium';
import { newcomer, registerAndConfirm, signInOnProvider } from './identity-provider';
import { journeyTexts, type JourneyLanguage } from './journey-texts';
import { startTestSimulator, type TestSimulator } from './psp-simulator';
import { startShop, type ShopProcess } from './shop-process';
import { pageSteps } from './page-steps';

/**
 * The moves that used to strand a customer, in each language against the real shop — a guest
 * told up front that an account is needed, who registers and signs in and finds the same basket; the
 * basket at a typed address, in a new tab and without the tab's memory; back from the checkout; back from
 * the provider's page; a reload and a new tab on the order page. Each ends where the customer can pay or
 * get the places back. Screenshots `stranded-<step>-<language>.png`.
 */

const texts = {
  de: {
    oneMore: 'Eins mehr: ',
    accountNeeded: /Zum Bezahlen brauchen Sie ein Kundenkonto/,
    register: 'Konto erstellen',
    signInToCheckOut: 'Zum Bezahlen anmelden',
    backToBasket: 'Zurück zum Warenkorb',
    notFinished: /Ihre Zahlung wurde nicht abgeschlossen/,
  },
  en: {
    oneMore: 'One more: ',
    accountNeeded: /To check out you need a customer account/,
    register: 'Create an account',
    signInToCheckOut: 'Sign in to check out',
    backToBasket: 'Back to the basket',
    notFinished: /Your payment was not completed/,
  },
  fr: {
    oneMore: 'Un de plus\u00a0: ',
    accountNeeded: /Pour passer commande, il vous faut un compte client/,
    register: 'Créer un compte',
    signInToCheckOut: 'Se connecter pour commander',
    backToBasket: 'Retour au panier',
    notFinished: /Votre paiement n’a pas abouti/,
  },
} as const;

let payments: TestSimulator;
let shop: ShopProcess;
let browser: Browser;
/** the identity provider's issuer names localhost: the sign-in cookies need the same host */
let origin: string;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  payments = await startTestSimulator();
  [shop, browser] = await Promise.all([startShop({ ...payments.shopEnv }), launchChromium()]);
  origin = shop.origin.replace('127.0.0.1', 'localhost');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await payments?.stop();
}, 60_000);

describe.each(['de', 'en', 'fr'] as const)('never stranded in %s', (language: JourneyLanguage) => {
  const t = journeyTexts[language];
  const s = texts[language];
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: language });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  const { screenshot, heading } = pageSteps(
    () => page,
    (step) => `stranded-${step}-${language}`,
  );
  const gondolaLine = (on: Page = page) =>
    on.getByRole('heading', { level: 3, name: new RegExp(t.gondolaAdult) }).waitFor({ timeout: 30_000 });
  const person = newcomer();

  it('tells a guest up front that an account is needed; after registering and signing in the same basket is there', async () => {
    await page.goto(`${origin}/${language}`);
    await page.getByRole('link', { name: t.chooseGondola }).click();
    await heading(1, t.gondola);
    await chooseFirstAvailableDay(page, t.nextMonth);
    const slot = page.getByRole('radio', { name: t.placesLeft }).first();
    if (!(await slot.isChecked())) await slot.check();
    await page.getByRole('button', { name: t.addToBasket }).click();
    await page.getByRole('status').getByText(t.added).waitFor();
    await page.getByRole('link', { name: t.basketWithOne, exact: true }).click();
    await heading(1, t.basketTitle);
    await gondolaLine();
    await page.getByText(s.accountNeeded).waitFor();
    expect(await page.getByRole('button', { name: t.proceed }).count()).toBe(0);
    await screenshot('01-account-needed');

    await page.getByRole('link', { name: s.register }).click();
    await registerAndConfirm(page, person, t.provider);
    // a typed address: the guest's basket is still there
    await page.goto(`${origin}/${language}/basket`);
    await gondolaLine();
    await page.getByRole('link', { name: s.signInToCheckOut }).click();
    await page.getByRole('button', { name: t.signInWithAccount }).click();
    await signInOnProvider(page, person, t.provider);
    await page.waitForURL(`${origin}/${language}/basket`);
    await page.getByRole('button', { name: t.signOut }).waitFor();
    await gondolaLine();
    await page.getByRole('button', { name: t.proceed }).waitFor();
    await screenshot('02-signed-in-same-basket');
  }, 180_000);

  it('finds the basket in a new tab, and from the account when this browser forgot it', async () => {
    const tab = await context.newPage();
    await tab.goto(`${origin}/${language}/basket`);
    await gondolaLine(tab);
    await tab.evaluate(() => localStorage.clear());
    await tab.reload();
    await gondolaLine(tab);
    await tab.getByRole('link', { name: t.basketWithOne, exact: true }).waitFor();
    await tab.close();
  }, 60_000);

  it('goes back from the checkout and from the provider’s page to an editable basket, then pays on site', async () => {
    await page.goto(`${origin}/${language}/basket`);
    await gondolaLine();
    await page.getByRole('button', { name: t.proceed }).click();
    await heading(1, t.checkoutTitle);
    await page.getByRole('button', { name: s.backToBasket }).click();
    await heading(1, t.basketTitle);
    await gondolaLine();
    // the basket is editable again: one more ticket
    await page.getByRole('button', { name: `${s.oneMore}${t.gondolaAdult}` }).click();
    await page
      .getByRole('heading', { level: 3, name: new RegExp(`^2 × ${t.gondolaAdult}`) })
      .waitFor({ timeout: 30_000 });
    await screenshot('03-back-from-checkout');

    // check out again, leave for the provider and come back with the browser's Back
    await page.getByRole('button', { name: t.proceed }).click();
    await heading(1, t.checkoutTitle);
    await page.getByRole('checkbox', { name: t.acceptTerms }).check();
    await page.getByRole('radio', { name: t.payByCard }).check();
    await page.getByRole('button', { name: t.placeOrder }).click();
    await page.getByRole('heading', { name: 'PSP simulator: payment' }).waitFor({ timeout: 30_000 });
    await page.goBack();
    await heading(1, t.checkoutTitle);
    await page.getByText(s.notFinished).waitFor();
    await screenshot('04-back-from-provider');
    await page.getByRole('button', { name: s.backToBasket }).click();
    await heading(1, t.basketTitle);
    await gondolaLine();

    await page.getByRole('button', { name: t.proceed }).click();
    await heading(1, t.checkoutTitle);
    await page.getByRole('checkbox', { name: t.acceptTerms }).check();
    await page.getByRole('radio', { name: t.payOnSite }).check();
    await page.getByRole('button', { name: t.placeOrder }).click();
    await heading(1, t.orderTitle);
    await page.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor();
    await screenshot('05-reserved');

    // a reload and a new tab on the order page read it with the session's bearer
    await page.reload();
    await page.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor();
    const tab = await context.newPage();
    await tab.goto(page.url());
    await tab.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor({ timeout: 30_000 });
    await tab.close();
  }, 180_000);
});
