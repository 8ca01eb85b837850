import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility';
import { launchChromium, screenshotFolder } from './chromium';
import { shopHeaders, startShop, type ShopProcess } from './shop-process';

/**
 * The home page in the demo resort's brand (hero, chips, product grid), the footer
 * with contact, opening hours, payment marks and the legal pages from the content system, in de, en, fr.
 */
const texts = {
  de: {
    title: 'Tickets und Abos',
    action: 'Ticket finden',
    terms: 'Allgemeine Geschäftsbedingungen',
    hours: 'Täglich 08:00–17:00',
  },
  en: {
    title: 'Tickets and passes',
    action: 'Find your ticket',
    terms: 'Terms and conditions',
    hours: 'Daily 08:00–17:00',
  },
  fr: {
    title: 'Billets et abonnements',
    action: 'Trouver mon billet',
    terms: 'Conditions générales',
    hours: 'Tous les jours 08:00–17:00',
  },
} as const;

let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

describe.each(['de', 'en', 'fr'] as const)('the shop front in %s', (language) => {
  const t = texts[language];

  it('shows the hero, the categories as chips, products in rows, and a footer linking the terms page', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: language });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.origin}/${language}`);
      await page.locator('h1').filter({ hasText: t.title }).waitFor();
      expect(await page.locator('.home-hero-image').getAttribute('src')).toBe('/images/demo/hero.svg');
      await page.getByRole('link', { name: t.action }).waitFor();
      // the chips and the cards once the catalogue has come (the skeleton's cards before are empty)
      await page.locator('.category-chips button').nth(2).waitFor();
      await page.locator('.product-card img').first().waitFor();

      // several cards share the first row on a desktop screen
      const tops = await page
        .locator('.product-card')
        .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
      expect(tops.filter((top) => top === tops[0]).length).toBeGreaterThanOrEqual(3);

      // a chip narrows the grid to its category
      const chips = page.locator('.category-chips button');
      expect(await chips.count()).toBeGreaterThan(2);
      const allCards = await page.locator('.product-card').count();
      await chips.nth(1).click();
      expect(await chips.nth(1).getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('.product-card').count()).toBeLessThan(allCards);

      const footer = page.locator('footer.shop-footer');
      await footer.getByText(t.hours).waitFor();
      expect(await footer.locator('.payment-marks img').count()).toBeGreaterThanOrEqual(5);
      expect(await footer.getByRole('link', { name: /\+41 27 555 01 00/ }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(screenshotFolder, `shop-front-home-${language}.png`),
        fullPage: true,
      });

      await footer.getByRole('link', { name: t.terms }).click();
      await page.locator('h1').filter({ hasText: t.terms }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${language}/pages/terms`);
      expect(await page.locator('.content-page-body h2').count()).toBeGreaterThanOrEqual(3);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("names one company and one shop: header, title, footer and imprint say what the channel's configuration says", async () => {
    const client = (await (
      await fetch(`${shop.origin}/api/clients/current`, {
        headers: { ...shopHeaders, 'accept-language': language },
      })
    ).json()) as {
      name: string;
      branding: { company: { name: string; vatNumber: string }; contact: { address: string[] } };
    };
    const { company, contact } = client.branding;
    const suffix = { de: 'MWST', en: 'VAT', fr: 'TVA' }[language];
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: language });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.origin}/${language}/pages/imprint`);
      const block = page.locator('.content-page address.company-block');
      await block.waitFor();
      expect(await block.locator('span').allInnerTexts()).toEqual([
        company.name,
        ...contact.address,
        `${company.vatNumber} ${suffix}`,
      ]);
      expect(await page.locator('.app-header .app-name').innerText()).toBe(client.name);
      await page.waitForFunction((name) => document.title.endsWith(` · ${name}`), client.name);

      const footer = page.locator('footer.shop-footer');
      expect(
        (await footer.locator('address span').allInnerTexts()).slice(0, 1 + contact.address.length),
      ).toEqual([company.name, ...contact.address]);
      expect(await footer.locator('.shop-footer-name').innerText()).toBe(`© ${company.name}`);
      // the content system's imprint text names no other company
      expect(await page.locator('.content-page-body').innerText()).not.toMatch(/\b(AG|SA|Ltd\.?)\b/);
    } finally {
      await context.close();
    }
  }, 120_000);
});

it('answers an unknown page with 404 problem details', async () => {
  const response = await fetch(`${shop.origin}/api/pages/no-such-page`, {
    headers: shopHeaders,
  });
  expect(response.status).toBe(404);
  expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
});
