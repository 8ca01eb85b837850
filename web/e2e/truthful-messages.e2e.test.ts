import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, screenshotFolder } from './chromium';
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
    imprint: 'Impressum',
  },
  en: {
    imprint: 'Imprint',
  },
  fr: {
    imprint: 'Mentions légales',
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

describe.each(['de', 'en', 'fr'] as const)('truthful messages in %s', (language: JourneyLanguage) => {
  const t = journeyTexts[language];
  const s = texts[language];
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
});
