import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { mintCustomerToken } from './customer-token';
import { startShop, type ShopProcess } from './shop-process';

let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

/** Ticks and unticks status boxes with the CPU slowed 30 times, so a transition's window is wide. */
async function toggleOnSlowPhone(tick: string[], untick: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
  for (const status of tick) await page.getByRole('checkbox', { name: status, exact: true }).check();
  await page.getByRole('checkbox', { name: untick, exact: true }).uncheck();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

/**
 * The status filters live in the address. A router update rendered as a transition left a ticked box
 * unticked on a busy phone until the transition finished (a CI failure: "Clicking the checkbox did not
 * change its state"); the box must show the click at once.
 */
describe('the status filters on a slow phone', () => {
  it('shows ticked order statuses at once and keeps them in the address', async () => {
    const token = mintCustomerToken(`e2e-${randomBytes(4).toString('hex')}`);
    await page.goto(`${shop.origin}/en/orders?token=${token}`);
    await page.getByText('You have no orders yet.').waitFor({ timeout: 30_000 });
    await toggleOnSlowPhone(['Paid', 'Reserved', 'Cancelled'], 'Paid');
    await page.getByText('No orders with the chosen status.').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('RESERVED,CANCELLED');
  });

  it('shows ticked subscription statuses at once and keeps them in the address', async () => {
    const token = mintCustomerToken(`e2e-${randomBytes(4).toString('hex')}`);
    await page.goto(`${shop.origin}/en/profile/subscriptions?token=${token}`);
    await page.getByText('You have no subscriptions yet.').waitFor({ timeout: 30_000 });
    await toggleOnSlowPhone(['Active', 'Expired'], 'Active');
    await page.getByText('No subscriptions with the chosen status.').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('EXPIRED');
  });
});
