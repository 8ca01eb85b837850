import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchChromium, screenshotFolder } from './chromium';
import { customerApi } from './customer-api';
import { mintCustomerToken } from './customer-token';
import { newcomer, registerAndConfirm, signInOnProvider, type Newcomer } from './identity-provider';
import { journeyTexts, type JourneyLanguage } from './journey-texts';
import { pageSteps } from './page-steps';
import { startShop, type ShopProcess } from './shop-process';

/**
 * Issue #41, "Messages that tell the truth", in each language against the real shop: what a page says
 * when the customer is signed out, and where addresses without a language lead. Screenshots
 * `truth-<step>-<language>.png`.
 */

const texts = {
  de: {
    signInToSee: 'Bitte melden Sie sich an, um Ihre Bestellung zu sehen.',
    signInForOrder: 'Anmelden und Bestellung ansehen',
    awaitingPayment: 'Zahlung ausstehend.',
    sessionEnded: /Ihre Sitzung ist beendet/,
    signInToPay: 'Anmelden und bezahlen',
    listCancelled: 'Storniert',
    imprint: 'Impressum',
    abandonedInList: 'Kasse abgebrochen · nicht bezahlt, nichts belastet',
    abandonedOnPage: 'Kasse abgebrochen: Diese Bestellung wurde nie bezahlt, es wurde nichts belastet.',
  },
  en: {
    signInToSee: 'Please sign in to see your order.',
    signInForOrder: 'Sign in and see the order',
    awaitingPayment: 'Awaiting payment.',
    sessionEnded: /Your session has ended/,
    signInToPay: 'Sign in and pay',
    listCancelled: 'Cancelled',
    imprint: 'Imprint',
    abandonedInList: 'Checkout abandoned · not paid, nothing charged',
    abandonedOnPage: 'Checkout abandoned: this order was never paid and nothing was charged.',
  },
  fr: {
    signInToSee: 'Veuillez vous connecter pour voir votre commande.',
    signInForOrder: 'Se connecter et voir la commande',
    awaitingPayment: 'En attente de paiement.',
    sessionEnded: /Votre session est terminée/,
    signInToPay: 'Se connecter et payer',
    listCancelled: 'Annulée',
    imprint: 'Mentions légales',
    abandonedInList: 'Commande abandonnée · non payée, rien n’a été débité',
    abandonedOnPage: 'Commande abandonnée\u00a0: elle n’a jamais été payée et rien n’a été débité.',
  },
} as const;

let shop: ShopProcess;
let browser: Browser;
/** the identity provider's issuer names localhost: the sign-in cookies need the same host */
let origin: string;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
  origin = shop.origin.replace('127.0.0.1', 'localhost');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

const { call, placeOrder } = customerApi(() => origin);

/** the API calls of a page that were answered with an error */
function failedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400)
      failed.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
  });
  return failed;
}

describe.each(['de', 'en', 'fr'] as const)('truthful messages in %s', (language: JourneyLanguage) => {
  const t = journeyTexts[language];
  const s = texts[language];
  const person: Newcomer = newcomer();
  let device: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    device = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: language });
    page = await device.newPage();
  });

  afterAll(async () => {
    await device?.close();
  });

  const { screenshot, heading, expectAccessible } = pageSteps(
    () => page,
    (step) => `truth-${step}-${language}`,
  );

  /** the shop's sign-in page → the provider's form (unless it still knows the person) → back where it was asked for */
  const signIn = async (on: Page) => {
    await on.getByRole('button', { name: t.signInWithAccount }).click();
    await on.waitForURL(
      (url) =>
        url.pathname.startsWith('/oidc/interaction/') ||
        (url.origin === origin && !/^\/(api|oidc)\/|\/auth-selector$/.test(url.pathname)),
      { timeout: 30_000 },
    );
    if (new URL(on.url()).pathname.startsWith('/oidc/')) await signInOnProvider(on, person, t.provider);
  };
  const sessionToken = (on: Page) =>
    on.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { accessToken?: string };
      return session.accessToken ?? '';
    });

  it('an order opened signed out on another device asks to sign in, and shows the order after it (item 5)', async () => {
    await page.goto(`${origin}/oidc/register?lang=${language}`);
    await registerAndConfirm(page, person, t.provider);
    await page.goto(
      `${origin}/${language}/auth-selector?callbackUrl=${encodeURIComponent(`${origin}/${language}`)}`,
    );
    await signIn(page);
    await page.getByRole('button', { name: t.signOut }).waitFor({ timeout: 30_000 });
    const order = await placeOrder(await sessionToken(page));

    const otherDevice = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language });
    try {
      const phone = await otherDevice.newPage();
      const failed = failedCalls(phone);
      const orderAddress = `${origin}/${language}/orders/${order.orderId}`;
      await phone.goto(orderAddress);
      await phone.getByRole('heading', { level: 1, name: t.orderTitle }).waitFor({ timeout: 30_000 });
      await phone.getByText(s.signInToSee).waitFor();
      expect(failed).toEqual([]);
      await phone.screenshot({ path: `${screenshotFolder}/truth-01-order-signed-out-${language}.png` });

      await phone.getByRole('link', { name: s.signInForOrder }).click();
      await signIn(phone);
      await phone.waitForURL(orderAddress, { timeout: 30_000 });
      await phone
        .getByRole('status')
        .getByText(s.awaitingPayment, { exact: true })
        .waitFor({ timeout: 30_000 });
      expect(await phone.getByText(s.signInToSee).count()).toBe(0);
    } finally {
      await otherDevice.close();
    }
  }, 240_000);

  it('an address without a language leads to the same page in the browser’s language, then the remembered one (item 12)', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: language });
    try {
      const tab = await fresh.newPage();
      await tab.goto(`${origin}/basket`);
      await tab.getByRole('heading', { level: 1, name: t.basketTitle }).waitFor({ timeout: 30_000 });
      expect(new URL(tab.url()).pathname).toBe(`/${language}/basket`);

      // the remembered language goes before the browser's
      const other = language === 'de' ? 'fr' : 'de';
      await tab.goto(`${origin}/${other}`);
      // the page remembers its language once it shows
      await tab.getByRole('heading', { level: 1, name: journeyTexts[other].catalogueTitle }).waitFor();
      await tab.goto(`${origin}/basket`);
      await tab.getByRole('heading', { level: 1, name: journeyTexts[other].basketTitle }).waitFor();
      expect(new URL(tab.url()).pathname).toBe(`/${other}/basket`);
    } finally {
      await fresh.close();
    }
    await page.goto(`${origin}/pages/imprint`);
    await page.waitForURL(`${origin}/${language}/pages/imprint`);
    await heading(1, s.imprint);
    await screenshot('02-imprint');
    await expectAccessible();
  }, 120_000);

  it('paying after signing out in another tab says the session ended and signs in back to the same checkout (item 6)', async () => {
    await page.goto(`${origin}/${language}`);
    await page.getByRole('button', { name: t.signOut }).waitFor({ timeout: 30_000 });
    const order = await placeOrder(await sessionToken(page));
    const checkoutAddress = `${origin}/${language}/checkout/${order.checkoutId}`;
    await page.goto(checkoutAddress);
    await heading(1, t.checkoutTitle);
    await page.getByRole('radio', { name: t.payOnSite }).check();

    const otherTab = await device.newPage();
    await otherTab.goto(`${origin}/${language}`);
    await otherTab.getByRole('button', { name: t.signOut }).click();
    // the checkout's tab learns it from the other tab
    await page.getByRole('link', { name: t.signInLink, exact: true }).waitFor({ timeout: 30_000 });
    await otherTab.close();

    await page.getByRole('button', { name: t.placeOrder }).click();
    await page.getByRole('alert').getByText(s.sessionEnded).waitFor();
    await screenshot('03-session-ended');
    await page.getByRole('link', { name: s.signInToPay }).click();
    await signIn(page);
    await page.waitForURL(checkoutAddress, { timeout: 30_000 });
    await heading(1, t.checkoutTitle);
    await page.getByRole('radio', { name: t.payOnSite }).check();
    await page.getByRole('button', { name: t.placeOrder }).click();
    await page.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor({ timeout: 30_000 });
  }, 180_000);

  it('an abandoned checkout is named for what it is in the orders and on its page (item 9)', async () => {
    const token = mintCustomerToken(`e2e-${randomBytes(4).toString('hex')}`);
    const order = await placeOrder(token);
    await call('POST', `/checkout/${order.checkoutId}/back-to-basket`, token);
    // a browser without a session: the token in the address is the customer's
    const fresh = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: language });
    const tab = await fresh.newPage();
    try {
      await tab.goto(`${origin}/${language}/orders?token=${token}`);
      await tab.getByText(s.abandonedInList, { exact: true }).waitFor({ timeout: 30_000 });
      expect(await tab.locator('.order-list').getByText(s.listCancelled, { exact: true }).count()).toBe(0);
      await tab.screenshot({
        path: `${screenshotFolder}/truth-04-abandoned-${language}.png`,
        fullPage: true,
      });
      await tab.goto(`${origin}/${language}/orders/${order.orderId}?token=${token}`);
      await tab
        .getByRole('status')
        .getByText(s.abandonedOnPage, { exact: true })
        .waitFor({ timeout: 30_000 });
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
