import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, screenshotFolder } from './chromium';
import { serveWebDist, type StaticServer } from './static-server';

let server: StaticServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  server = await serveWebDist();
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1024, height: 720 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

const heading = () => page.locator('h1');
const screenshot = (name: string) =>
  page.screenshot({ path: join(screenshotFolder, `${name}.png`), fullPage: true });

describe('locale routes in the browser', () => {
  it('/de shows the catalogue in German and remembers the locale for a year', async () => {
    await page.goto(`${server.origin}/de`);
    await heading().filter({ hasText: 'Tickets und Abos' }).waitFor();
    expect(await page.getByLabel('Produkte suchen').isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');

    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'alpenpass-locale');
    expect(cookie).toMatchObject({ value: 'de', sameSite: 'Lax', path: '/' });
    const secondsLeft = cookie!.expires - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(31_536_000 - 120);
    expect(secondsLeft).toBeLessThanOrEqual(31_536_000);
    await screenshot('catalogue-de');
  });

  it('/fr shows French texts, and / then leads back to French', async () => {
    await page.goto(`${server.origin}/fr`);
    await heading().filter({ hasText: 'Billets et abonnements' }).waitFor();
    expect(await page.getByLabel('Catégorie').isVisible()).toBe(true);
    await screenshot('catalogue-fr');

    await page.goto(`${server.origin}/`);
    await heading().filter({ hasText: 'Billets et abonnements' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr');
  });

  it('/xx renders nothing', async () => {
    await page.goto(`${server.origin}/xx`);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect((await page.locator('body').innerText()).trim()).toBe('');
    await screenshot('unsupported-locale');
  });

  it('is keyboard-usable: skip link first, then a visibly focused search field', async () => {
    await page.goto(`${server.origin}/en`);
    await heading().filter({ hasText: 'Tickets and passes' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.getByLabel('Search products').focus();
    await page.keyboard.type('gondola');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    // the categories are chips above the form: the next stop after the field is its button
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show products');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'gondola' }).waitFor();
    await screenshot('catalogue-en-keyboard');
  });
});
