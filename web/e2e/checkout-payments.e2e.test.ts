import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chooseFirstAvailableDay } from './calendar';
import { launchChromium, screenshotFolder } from './chromium';
import { mintCustomerToken } from './customer-token';
import { payOnSimulatorPage, startTestSimulator, type TestSimulator } from './psp-simulator';
import { startShop, type ShopProcess } from './shop-process';
import { pageSteps } from './page-steps';

let payments: TestSimulator;
let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  payments = await startTestSimulator();
  [shop, browser] = await Promise.all([
    startShop({
      ...payments.shopEnv,
      // the first bookable slot may be today: a customer may cancel it until the day ends
      ORDER_CANCEL_CUTOFF_DAYS: '0',
    }),
    launchChromium(),
  ]);
  // axe-core is injected as an inline script, which the shop's Content-Security-Policy (helmet) forbids
  context = await browser.newContext({ viewport: { width: 1024, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.stop();
  await payments?.stop();
}, 60_000);

const { screenshot, heading, expectAccessible } = pageSteps(() => page);

/** The customer (token in the address) books one gondola place and opens the checkout. */
async function bookGondolaAndCheckOut(productPath: string, token: string) {
  await page.goto(`${shop.origin}${productPath}?token=${token}`);
  await heading(1, 'Alpenhorn summit gondola');
  await chooseFirstAvailableDay(page, 'Next month');
  const slot = page.getByRole('radio', { name: /places? left/ }).first();
  if (!(await slot.isChecked())) await slot.check();
  await page.getByRole('button', { name: 'Add to basket' }).click();
  await page.getByRole('status').getByText('Added to your basket.').waitFor();
  await page.goto(`${shop.origin}/en/basket?token=${token}`);
  await heading(1, 'Your basket');
  await page.getByRole('heading', { level: 3, name: /Alpenhorn summit gondola/ }).waitFor();
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await heading(1, 'Checkout');
  expect(new URL(page.url()).searchParams.get('token')).toBe(token);
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
}

describe('paying in the browser with the PSP simulator, then tickets and a cancellation', () => {
  it('pays by card saving it, pays the next order with the saved card, downloads the tickets and cancels the item', async () => {
    const token = mintCustomerToken(`e2e-${randomBytes(4).toString('hex')}`);
    await page.goto(`${shop.origin}/en`);
    await page.getByRole('link', { name: 'Choose Alpenhorn summit gondola' }).click();
    await heading(1, 'Alpenhorn summit gondola');
    const productPath = new URL(page.url()).pathname;

    // 1. a new card on the provider's page, kept for next time
    await bookGondolaAndCheckOut(productPath, token);
    await page.getByRole('radio', { name: 'Pay online by card' }).check();
    await page.getByRole('checkbox', { name: 'Save this card for my next orders' }).check();
    for (const name of ['TWINT', 'PayPal', 'Pay on site at the ticket desk'])
      await page.getByRole('radio', { name }).waitFor();
    await screenshot('payments-1-checkout-new-card-en');
    await expectAccessible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await payOnSimulatorPage(page);
    await heading(1, 'Your payment');
    await page.getByText('Your payment has been received. Thank you!').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('token')).toBe(token);
    await screenshot('payments-2-return-paid-en');

    // 2. the next order: the saved card is the default, charged at once without leaving the shop
    await bookGondolaAndCheckOut(productPath, token);
    const savedCard = page.getByRole('radio', { name: 'Visa ending in 4242, expires 12/30 (default)' });
    await savedCard.waitFor();
    expect(await savedCard.isChecked()).toBe(true);
    await screenshot('payments-3-checkout-saved-card-en');
    await expectAccessible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await heading(1, 'Your order');
    await page.getByText('Paid. Thank you!').waitFor();
    expect(new URL(page.url()).host).toBe(new URL(shop.origin).host);

    // 3. the tickets, issued by the checkout workflow, through a signed link
    await page.getByRole('heading', { level: 2, name: 'Your tickets' }).waitFor();
    const download = page.getByRole('button', { name: 'Download tickets (PDF)' });
    await download.waitFor({ timeout: 60_000 });
    await page.locator('.ticket-list').getByText('Valid').first().waitFor();
    await screenshot('payments-4-order-tickets-en');
    await expectAccessible();
    const signedLink = page.waitForResponse((response) =>
      response.url().includes('/api/templates/ticket-url'),
    );
    await download.click();
    const link = (await (await signedLink).json()) as { url: string };
    expect(link.url).toMatch(/^\/api\/documents\/orders\/\d+\/tickets\.pdf\?lang=en&exp=\d+&sig=/);
    const pdf = await fetch(`${shop.origin}${link.url}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // 4. the customer cancels the item, refunded to the card
    const cancel = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Cancel items' }),
    });
    await cancel.getByRole('checkbox', { name: /Alpenhorn summit gondola/ }).check();
    await cancel.getByRole('radio', { name: 'My original payment' }).check();
    await cancel.getByRole('button', { name: 'Cancel the chosen items' }).click();
    await page.getByText('The items have been cancelled.').waitFor();
    await page.getByText('Refunded.').waitFor();
    await page
      .locator('.refund-list')
      .getByText(/to your original payment/)
      .waitFor();
    await page.locator('.ticket-list').getByText('Cancelled').first().waitFor();
    // the refund workflow credits the card at the simulator; the page follows it until it has landed
    await page
      .locator('.refund-list')
      .getByText(/to your original payment: done/)
      .waitFor({ timeout: 60_000 });
    await screenshot('payments-5-order-cancelled-en');
    await expectAccessible();
  }, 300_000);
});
