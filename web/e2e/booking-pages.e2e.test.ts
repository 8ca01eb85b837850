import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility';
import { launchChromium, screenshotFolder } from './chromium';
import { mintCustomerToken } from './customer-token';
import { startShop, type ShopProcess } from './shop-process';

/**
 * The booking pages as customers use them: keyboard alone (the calendar grid, adding, − + and removing in
 * the basket with the focus where it should be), a 390 px phone (compact header, total and button in
 * view), the browser's language on a first visit, and the parking's licence plate for a guest and a
 * customer. Every step is screenshotted to test-results/ and checked with axe-core.
 */
let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  [shop, browser] = await Promise.all([startShop({}, { awaitDemoPrices: true }), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

async function open(options: { width?: number; height?: number; locale?: string } = {}) {
  context = await browser.newContext({
    viewport: { width: options.width ?? 1024, height: options.height ?? 800 },
    locale: options.locale ?? 'de-CH',
  });
  page = await context.newPage();
}

afterEach(async () => {
  await context?.close();
});

const screenshot = (name: string) =>
  page.screenshot({ path: join(screenshotFolder, `booking-${name}.png`), fullPage: true });
const heading = (name: string | RegExp, level = 1) =>
  page.getByRole('heading', { level, name }).waitFor({ timeout: 30_000 });
const focused = () =>
  page.evaluate(() => ({
    text: document.activeElement?.textContent?.trim() ?? '',
    label: document.activeElement?.getAttribute('aria-label') ?? '',
    tag: document.activeElement?.tagName ?? '',
  }));
const focusInside = (selector: string) =>
  page.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector);

async function expectAccessible() {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** Presses Tab until the focus is on an element the predicate accepts (at most 40 times). */
async function tabUntil(accept: () => Promise<boolean>, description: string) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await accept()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${description}`);
}

/** With the keyboard: into the calendar (one tab stop), to a bookable day (Page Down to later months if needed), Enter. */
async function chooseDayByKeyboard() {
  await tabUntil(() => focusInside('table[role="grid"]'), 'the calendar');
  for (let month = 0; month < 4; month += 1) {
    await page.waitForFunction(
      () => document.querySelector('table[role="grid"]')?.getAttribute('aria-busy') === 'false',
    );
    const bookable = await page.evaluate(
      () => document.activeElement?.getAttribute('aria-disabled') === 'false',
    );
    if (bookable) break;
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Home');
    // the month's first bookable day carries the tab stop once the month has loaded
    await page.waitForTimeout(300);
    await page.locator('table[role="grid"] button[tabindex="0"]').focus();
  }
  await page.keyboard.press('Enter');
}

describe('the booking pages in the browser', () => {
  it('works with the keyboard alone: calendar grid, add, − + and remove in the basket, the focus never lost', async () => {
    await open();
    await page.goto(`${shop.origin}/de/products/103`);
    await heading('Gipfelgondel Alpenhorn');
    await page.locator('table[role="grid"]').waitFor();
    await expectAccessible();

    await chooseDayByKeyboard();
    // the grid is a single tab stop: the next Tab leaves it
    await page.keyboard.press('Tab');
    expect(await focusInside('table[role="grid"]')).toBe(false);
    await screenshot('1-calendar-keyboard-de');

    await tabUntil(
      async () =>
        (await focused()).tag === 'INPUT' &&
        (await page.evaluate(() => (document.activeElement as HTMLInputElement).type)) === 'radio',
      'a time slot',
    );
    await page.keyboard.press('Space');
    await tabUntil(async () => (await focused()).text === 'In den Warenkorb', 'the add button');
    await page.keyboard.press('Enter');
    await page.getByText('Im Warenkorb.').waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Im Warenkorb.');
    await screenshot('2-added-de');
    await expectAccessible();

    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Zum Warenkorb');
    await page.keyboard.press('Enter');
    await heading('Ihr Warenkorb');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await page.getByRole('heading', { level: 3, name: /^1 × Gipfelgondel Alpenhorn, Erwachsene/ }).waitFor();
    await expectAccessible();

    const more = 'Eins mehr: Gipfelgondel Alpenhorn, Erwachsene';
    await tabUntil(async () => (await focused()).label === more, 'the + button');
    const totalBefore = await page.locator('.basket-total strong').innerText();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: /^2 × Gipfelgondel Alpenhorn, Erwachsene/ }).waitFor();
    expect((await focused()).label).toBe(more);
    expect(await page.locator('.basket-total strong').innerText()).not.toBe(totalBefore);
    await page.getByRole('link', { name: 'Warenkorb (1)' }).waitFor();
    await screenshot('3-basket-plus-de');

    await page.keyboard.press('Shift+Tab');
    expect((await focused()).label).toBe('Eins weniger: Gipfelgondel Alpenhorn, Erwachsene');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: /^1 × Gipfelgondel Alpenhorn, Erwachsene/ }).waitFor();
    expect(await page.locator('.basket-total strong').innerText()).toBe(totalBefore);

    await tabUntil(
      async () => (await focused()).label === 'Gipfelgondel Alpenhorn, Erwachsene entfernen',
      'the remove button',
    );
    await page.keyboard.press('Enter');
    await page
      .getByText('Gipfelgondel Alpenhorn, Erwachsene wurde entfernt. Ihr Warenkorb ist jetzt leer.')
      .waitFor();
    expect((await focused()).text).toBe(
      'Gipfelgondel Alpenhorn, Erwachsene wurde entfernt. Ihr Warenkorb ist jetzt leer.',
    );
    await page.getByText('Ihr Warenkorb ist leer.').waitFor();
    await page.getByRole('link', { name: 'Warenkorb', exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot('4-basket-removed-de');
    await expectAccessible();
  }, 180_000);

  it('on a 390 px phone: compact header, the total and the add button in view, the booking steps', async () => {
    await open({ width: 390, height: 844, locale: 'en-GB' });
    await page.goto(shop.origin);
    await heading('Tickets and passes');
    expect(new URL(page.url()).pathname).toBe('/en');
    const header = await page.locator('.app-header').boundingBox();
    expect(header!.height).toBeLessThan(844 / 8);
    await page.locator('img.product-card-image').first().waitFor();
    await screenshot('5-phone-catalogue-en');
    await expectAccessible();

    await page.getByRole('link', { name: 'Choose Alpenhorn day pass' }).click();
    await heading('Alpenhorn day pass');
    const add = page.getByRole('button', { name: 'Add to basket' });
    const inView = async () => {
      const box = await add.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 844;
    };
    expect(await inView()).toBe(true);
    const bookable = page.locator('button.calendar-day[aria-disabled="false"]');
    await bookable.first().waitFor({ timeout: 30_000 });
    await bookable.first().click();
    await page.getByText(/^Total: .*CHF/).waitFor();
    expect(await inView()).toBe(true);
    await page.screenshot({ path: join(screenshotFolder, 'booking-6-phone-product-en.png') });
    await expectAccessible();
    await add.click();
    await page.getByText('Added to your basket.').waitFor();

    await page.getByRole('link', { name: 'Go to the basket' }).click();
    await heading('Your basket');
    const steps = page.getByRole('navigation', { name: 'Booking steps' });
    expect(await steps.locator('[aria-current="step"]').innerText()).toContain('Basket');
    await screenshot('7-phone-basket-en');
    await expectAccessible();
  }, 180_000);

  it('says why days cannot be booked, in French', async () => {
    await open({ locale: 'fr-CH' });
    await page.goto(shop.origin);
    await heading('Billets et abonnements');
    expect(new URL(page.url()).pathname).toBe('/fr');
    await page.getByRole('link', { name: 'Choisir Forfait journée Alpenhorn' }).click();
    await heading('Forfait journée Alpenhorn');
    await page.locator('button.calendar-day[aria-disabled="false"]').first().waitFor({ timeout: 30_000 });
    // the day before today (or the first day shown) says why it cannot be chosen
    const reasons = await page
      .locator('button.calendar-day[aria-disabled="true"] .visually-hidden')
      .allInnerTexts();
    for (
      let month = 0;
      month < 8 && !reasons.some((text) => /la vente en ligne ouvre le|après la saison/.test(text));
      month += 1
    ) {
      await page.getByRole('button', { name: 'Mois suivant' }).click();
      await page.waitForFunction(
        () => document.querySelector('table[role="grid"]')?.getAttribute('aria-busy') === 'false',
      );
      reasons.push(
        ...(await page.locator('button.calendar-day[aria-disabled="true"] .visually-hidden').allInnerTexts()),
      );
    }
    expect(
      reasons.some((text) => /la vente en ligne ouvre le|après la saison, qui s’est terminée le/.test(text)),
    ).toBe(true);
    expect(reasons.every((text) => !text.endsWith('non disponible'))).toBe(true);
    await screenshot('8-calendar-reasons-fr');
    await expectAccessible();
  }, 180_000);

  it('offers the parking’s licence plate: a guest is asked to sign in, a customer adds a plate that the entry carries', async () => {
    await open();
    await page.goto(`${shop.origin}/de/products/106`);
    await heading('Parkplatz Talstation');
    const bookable = page.locator('button.calendar-day[aria-disabled="false"]');
    await bookable.first().waitFor({ timeout: 30_000 });
    await bookable.first().click();
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByText('Im Warenkorb.').waitFor();
    await page.getByRole('link', { name: 'Zum Warenkorb' }).click();
    await heading('Ihr Warenkorb');
    await page.getByText(/Melden Sie sich an, um Ihr Kennzeichen zu hinterlegen/).waitFor();
    await screenshot('9-parking-guest-de');
    await expectAccessible();
    await context.close();

    const token = mintCustomerToken('e2e-plate');
    const headers = {
      'x-client-id': '1',
      'x-channel-id': '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30',
      'x-api-version': '2025-02-18',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    };
    const owner = await fetch(`${shop.origin}/api/users/persons/owner`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Anna', lastName: 'Alpin', birthdate: '1990-02-03' }),
    });
    expect(owner.status).toBeLessThan(300);

    await open();
    await page.goto(`${shop.origin}/de/products/106?token=${token}`);
    await heading('Parkplatz Talstation');
    const bookableNow = page.locator('button.calendar-day[aria-disabled="false"]');
    await bookableNow.first().waitFor({ timeout: 30_000 });
    await bookableNow.first().click();
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('link', { name: 'Zum Warenkorb' }).click();
    await heading('Ihr Warenkorb');
    expect(new URL(page.url()).searchParams.get('token')).toBe(token);
    await page.getByRole('button', { name: 'Kennzeichen hinzufügen' }).click();
    await page.getByLabel('Kennzeichen', { exact: true }).fill('VS 123 456');
    await page.getByRole('button', { name: 'Speichern und verwenden' }).click();
    await page.getByText('Die Schranke erkennt CH VS123456.').waitFor();
    expect(await page.getByLabel('Autokennzeichen').locator('option:checked').innerText()).toBe(
      'CH VS123456',
    );
    await screenshot('10-parking-plate-de');
    await expectAccessible();

    const basketId = await page.evaluate(() => localStorage.getItem('alpenpass.basket.serverId'));
    const basket = (await (await fetch(`${shop.origin}/api/baskets/${basketId}`, { headers })).json()) as {
      entries: { personalization: { medium: string; keycardId: number } | null }[];
    };
    expect(basket.entries[0]?.personalization).toMatchObject({
      medium: 'LICENSEPLATE',
      keycardId: expect.any(Number),
    });
  }, 180_000);
});
