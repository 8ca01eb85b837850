import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chooseFirstAvailableDay } from './calendar';
import { launchChromium, screenshotFolder } from './chromium';
import { journeyTexts, type JourneyLanguage } from './journey-texts';
import { mailTo } from './mailbox';
import { startShop, type ShopProcess } from './shop-process';
import { pageSteps } from './page-steps';

/**
 * A guest's booking in each language against the real shop — a gondola slot, the guest
 * checkout (guestCheckout on), the conditions accepted, paid on site: the order is reserved and its
 * reservation mail speaks the guest's language. Every step leaves a screenshot `guest-<step>-<language>.png`.
 */

/** what the basket tells a signed-out visitor while guests may check out (guestCheckout) */
const guestWelcome = {
  de: /Sie können als Gast mit Ihrer E-Mail-Adresse bestellen/,
  en: /You can check out as a guest with your e-mail address/,
  fr: /Vous pouvez commander en tant qu’invité/,
} as const;

let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  // guests check out as a guest identity from the guest checkout page (guestCheckout, §6)
  [shop, browser] = await Promise.all([startShop({ FEATURE_FLAGS: 'guestCheckout' }), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

describe.each(['de', 'en', 'fr'] as const)(
  'a guest books and pays on site in %s',
  (language: JourneyLanguage) => {
    const t = journeyTexts[language];
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language });
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    const { screenshot, heading, expectAccessible } = pageSteps(
      () => page,
      (step) => `guest-${step}-${language}`,
    );

    it('books a gondola slot, checks out as a guest, pays on site and sees the reserved order, in a phone’s browser', async () => {
      const email = `guest-${randomBytes(5).toString('hex')}@example.ch`;
      await page.goto(`${shop.origin}/${language}`);
      await heading(1, t.catalogueTitle);
      await screenshot('01-catalogue');
      await expectAccessible();

      await page.getByRole('link', { name: t.chooseGondola }).click();
      await heading(1, t.gondola);
      await chooseFirstAvailableDay(page, t.nextMonth);
      const slot = page.getByRole('radio', { name: t.placesLeft }).first();
      // the day's only slot is chosen with the day (§4); of several, the visitor picks the first
      if (!(await slot.isChecked())) await slot.check();
      await page.getByRole('button', { name: t.addToBasket }).click();
      await page.getByRole('status').getByText(t.added).waitFor();
      await screenshot('02-gondola');

      await page.getByRole('link', { name: t.basketWithOne, exact: true }).click();
      await heading(1, t.basketTitle);
      await page.getByRole('heading', { level: 3, name: new RegExp(t.gondolaAdult) }).waitFor();
      await page.getByText(t.placesReserved).waitFor();
      await page.getByText(guestWelcome[language]).waitFor();
      await screenshot('03-basket');
      await expectAccessible();
      await page.getByRole('button', { name: t.proceed }).click();

      await heading(1, t.guestTitle);
      // the guest's mails speak the page's language unless the guest chooses another
      expect(await page.getByLabel(t.guestLanguage).inputValue()).toBe(language);
      await page.getByLabel(t.guestEmail).fill(email);
      await screenshot('04-guest');
      await expectAccessible();
      await page.getByRole('button', { name: t.guestContinue }).click();

      await heading(1, t.checkoutTitle);
      await page.getByRole('heading', { level: 3, name: new RegExp(t.gondolaAdult) }).waitFor();
      await page.getByRole('checkbox', { name: t.acceptTerms }).check();
      await page.getByRole('radio', { name: t.payOnSite }).check();
      await screenshot('05-checkout');
      await expectAccessible();
      await page.getByRole('button', { name: t.placeOrder }).click();

      await heading(1, t.orderTitle);
      await page.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor();
      const refno = (await page.getByText(t.orderNumber).innerText()).split(' ').at(-1)!;
      await page.getByRole('heading', { level: 3, name: new RegExp(t.gondolaAdult) }).waitFor();
      await screenshot('06-order-reserved');
      await expectAccessible();

      // the guest's token in the address reads the order again after a reload
      await page.reload();
      await heading(1, t.orderTitle);
      await page.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor();
      await mailTo(email, t.reservationMail(refno));
    }, 120_000);
  },
);
