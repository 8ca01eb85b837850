import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { chooseFirstAvailableDay } from '../e2e/calendar';
import { launchChromium } from '../e2e/chromium';
import { mintCustomerToken } from '../e2e/customer-token';
import { journeyTexts } from '../e2e/journey-texts';
import { startShop, type ShopProcess } from '../e2e/shop-process';

/**
 * `npm run screenshots`: starts a shop of its own (throw-away database, free port, demo resort with its
 * prices, guest checkout on) and writes docs/screenshots/<shot>-<width>.png in German at a desktop and a
 * phone width. Needs `npm run build:web` first. To add a shot, add a journey or a step to `journeys`.
 */

const outputFolder = join(__dirname, '..', '..', 'docs', 'screenshots');
const widths = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const t = journeyTexts.de;

interface Step {
  name: string;
  /** brings the page to the state to photograph (each step continues where the one before left off) */
  reach: (page: Page, shop: ShopProcess) => Promise<void>;
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 60_000 });

/** A guest's booking from the home page to the reserved order. */
const guestBooking: Step[] = [
  {
    name: 'home',
    reach: async (page, shop) => {
      await page.goto(`${shop.origin}/de`);
      await heading(page, t.catalogueTitle);
      await page.locator('.product-card img').first().waitFor();
    },
  },
  {
    name: 'product',
    reach: async (page) => {
      await page.getByRole('link', { name: t.chooseGondola }).click();
      await heading(page, t.gondola);
      await chooseFirstAvailableDay(page, t.nextMonth);
      const slot = page.getByRole('radio', { name: t.placesLeft }).first();
      if (!(await slot.isChecked())) await slot.check();
    },
  },
  {
    name: 'basket',
    reach: async (page) => {
      await page.getByRole('button', { name: t.addToBasket }).click();
      await page.getByRole('status').getByText(t.added).waitFor();
      await page.getByRole('link', { name: t.basketWithOne, exact: true }).click();
      await heading(page, t.basketTitle);
      await page.getByText(t.placesReserved).waitFor();
    },
  },
  {
    name: 'checkout',
    reach: async (page) => {
      await page.getByRole('button', { name: t.proceed }).click();
      await heading(page, t.guestTitle);
      await page.getByLabel(t.guestEmail).fill(`screenshot-${randomBytes(4).toString('hex')}@example.ch`);
      await page.getByRole('button', { name: t.guestContinue }).click();
      await heading(page, t.checkoutTitle);
      await page.getByRole('checkbox', { name: t.acceptTerms }).check();
      await page.getByRole('radio', { name: t.payOnSite }).check();
    },
  },
  {
    name: 'order',
    reach: async (page) => {
      await page.getByRole('button', { name: t.placeOrder }).click();
      await heading(page, t.orderTitle);
      await page.getByRole('status').getByText(t.orderReserved, { exact: true }).waitFor();
    },
  },
];

/** A signed-in customer's account page (a minted token, as the account e2e tests sign in). */
const customerProfile: Step[] = [
  {
    name: 'profile',
    reach: async (page, shop) => {
      await page.goto(
        `${shop.origin}/de/profile?token=${mintCustomerToken(`shots-${randomBytes(4).toString('hex')}`)}`,
      );
      await heading(page, 'Mein Konto');
    },
  },
];

export const journeys: Step[][] = [guestBooking, customerProfile];

async function photograph(browser: Browser, shop: ShopProcess): Promise<string[]> {
  const written: string[] = [];
  for (const viewport of widths) {
    for (const journey of journeys) {
      const context = await browser.newContext({ viewport, locale: 'de', deviceScaleFactor: 1 });
      const page = await context.newPage();
      try {
        for (const step of journey) {
          await step.reach(page, shop);
          // lazy pictures below the fold are loaded before the full-page picture is taken
          await page.evaluate(() =>
            document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')),
          );
          await page.waitForLoadState('networkidle');
          const path = join(outputFolder, `${step.name}-${viewport.width}.png`);
          await page.screenshot({ path, fullPage: true, animations: 'disabled' });
          written.push(path);
        }
      } finally {
        await context.close();
      }
    }
  }
  return written;
}

async function main(): Promise<void> {
  mkdirSync(outputFolder, { recursive: true });
  const [shop, browser] = await Promise.all([
    startShop({ FEATURE_FLAGS: 'guestCheckout' }, { awaitDemoPrices: true }),
    launchChromium(),
  ]);
  try {
    for (const path of await photograph(browser, shop)) console.log(path);
  } finally {
    await browser.close();
    await shop.stop();
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
