import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { waitForValue } from '../../infra/test/support/patience';
import { chooseFirstAvailableDay } from './calendar';
import { launchChromium } from './chromium';
import { journeyTexts, type JourneyLanguage } from './journey-texts';
import { startShop, type ShopProcess } from './shop-process';

/**
 * The public pages come from the server as HTML that already shows them (docs/ARCHITECTURE.md, "The
 * public pages"): a product page's HTML names the product and its prices before any script runs, in
 * each language; in the browser the page hydrates without a mismatch and stays a working shop — add to
 * basket, reload, a deep link, back and the language switch.
 */
let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let productId: number;

const shopHeaders = {
  'x-client-id': '1',
  'x-channel-id': '6a1c7e52-3b8f-4e0a-9d2c-5f4b8a7e1d30',
  'x-api-version': '2025-02-18',
  'content-type': 'application/json',
};
const languages: JourneyLanguage[] = ['de', 'en', 'fr'];

interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  productDefinitions: { id: number }[];
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${shop.origin}/api${path}`, { ...init, headers: shopHeaders });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({}, { awaitDemoPrices: true }), launchChromium()]);
  const categories = await api<{ products: ApiProduct[] }[]>('/products/catalog/?language=de');
  productId = categories.flatMap((category) => category.products).find((p) => p.slug === 'day-pass')!.id;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

/** The markup as a reader without scripts gets it: the inlined state left out, spaces made plain. */
const visibleMarkup = (html: string) =>
  html.replace(/<script type="application\/json"[^>]*>.*?<\/script>/s, '').replace(/[\u00a0\u202f]/g, ' ');
const escapedHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

describe('a product page’s HTML, no script run', () => {
  it.each(languages)('names the product and its day prices, in %s', async (language) => {
    const product = await api<ApiProduct>(`/products/${productId}?language=${language}`);
    // the days the calendar opens on: from today, in the pool's zone, as the shop's clock reads it
    const today = DateTime.now().setZone('Europe/Zurich').startOf('day');
    const days = Array.from({ length: 45 }, (_, day) => today.plus({ days: day }).toISODate()!);
    const { prices } = await api<{ prices: { validAt: string; amount: number }[] }>('/pricing/prices', {
      method: 'POST',
      body: JSON.stringify({
        requests: days.map((validAt) => ({
          validAt,
          productDefinitionId: product.productDefinitions[0]!.id,
        })),
      }),
    });
    const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'CHF' });
    const amounts = new Set(
      prices.map((price) => money.format(price.amount / 100).replace(/[\u00a0\u202f]/g, ' ')),
    );
    expect(amounts.size).toBeGreaterThan(0);

    // a page that misses its render deadline is answered with the shell (rendered-pages.ts): on a busy
    // machine the first one may, so the test asks until the server has drawn it
    const { answer: response, html } = await waitForValue(
      `the server-rendered /${language}/products/${productId}`,
      async () => {
        const answer = await fetch(`${shop.origin}/${language}/products/${productId}`);
        return { answer, html: await answer.text() };
      },
      ({ html }) => html.includes('id="server-state"'),
      30_000,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-language')).toBe(language);
    const markup = visibleMarkup(html);
    expect(markup).toContain(`<html lang="${language}"`);
    const client = await api<{ name: string }>('/clients/current');
    expect(markup).toContain(`<title>${escapedHtml(client.name)}</title>`);
    expect(markup).toContain(`<h1 id="page-title" tabindex="-1">${escapedHtml(product.name)}</h1>`);
    expect([...amounts].filter((amount) => markup.includes(amount))).not.toEqual([]);

    // a browser that has the page is told so from the read models' marks alone
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${shop.origin}/${language}/products/${productId}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('in the browser', () => {
  const problems: string[] = [];
  const t = journeyTexts.de;

  beforeEach(async () => {
    problems.length = 0;
    context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: 'de-CH' });
    page = await context.newPage();
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
  });

  /** hydration errors and warnings, as React reports them (also minified: #418, #423, #425) */
  const hydrationProblems = () =>
    problems.filter((text) => /hydrat|did not match|server rendered|#41[89]|#42[0-5]/i.test(text));

  it('hydrates the product page and books from it; reload, a deep link, back and the language switch still work', async () => {
    const product = await api<ApiProduct>(`/products/${productId}?language=de`);
    await page.goto(`${shop.origin}/de/products/${productId}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(hydrationProblems()).toEqual([]);

    await chooseFirstAvailableDay(page, t.nextMonth);
    await page.getByRole('button', { name: t.addToBasket }).click();
    await page.getByRole('status').getByText(t.added).waitFor();
    await page.getByRole('link', { name: t.basketWithOne, exact: true }).waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('link', { name: t.basketWithOne, exact: true }).waitFor();

    await page.getByRole('link', { name: 'Zurück zu allen Produkten' }).click();
    await page.getByRole('heading', { level: 1, name: t.catalogueTitle }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();

    const french = await api<ApiProduct>(`/products/${productId}?language=fr`);
    await page.getByLabel('Sprache').selectOption('fr');
    await page.waitForURL(`${shop.origin}/fr/products/${productId}`);
    await page.getByRole('heading', { level: 1, name: french.name }).waitFor();

    const english = await api<ApiProduct>(`/products/${productId}?language=en`);
    const deepLink = await context.newPage();
    await deepLink.goto(`${shop.origin}/en/products/${productId}`, { waitUntil: 'networkidle' });
    await deepLink.getByRole('heading', { level: 1, name: english.name }).waitFor();
    await deepLink.getByRole('link', { name: 'Basket (1)', exact: true }).waitFor();
    expect(hydrationProblems()).toEqual([]);
  });

  it('hydrates the home page and asks for a product’s data when its card is pointed at', async () => {
    await page.goto(`${shop.origin}/de`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: t.catalogueTitle }).waitFor();
    expect(hydrationProblems()).toEqual([]);

    const product = await api<ApiProduct>(`/products/${productId}?language=de`);
    const asked = page.waitForRequest((request) =>
      request.url().startsWith(`${shop.origin}/api/products/${productId}?`),
    );
    await page
      .locator('.product-card')
      .filter({ has: page.getByRole('heading', { level: 3, name: product.name, exact: true }) })
      .hover();
    await asked;
    await page.getByRole('link', { name: `${product.name} auswählen`, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    expect(hydrationProblems()).toEqual([]);
  });
});
