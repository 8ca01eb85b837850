import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { chooseFirstAvailableDay } from './calendar';
import { mintCustomerToken, mintStaffToken } from './customer-token';
import { providerTexts } from './identity-provider';
import { journeyTexts } from './journey-texts';
import { mailTo } from './mailbox';
import { showPdfFirstPage } from './pdf-view';
import { shotMask } from './png-comparison';
import { setShopClock } from '@alpenpass/services/src/platform/shop-clock';
import { shopHeaders, startShop, type ShopProcess } from './shop-process';

/**
 * The shots of docs/screenshots (web/README.md): written by `npm run screenshots`
 * (web/scripts/screenshots.ts) and compared with the committed files by screenshots.e2e.test.ts.
 * Each journey runs in a browser context of its own at each width, in German.
 */

export const committedShotsFolder = join(__dirname, '..', '..', 'docs', 'screenshots');

/**
 * The day the shots are taken on, whatever day they run: the shop's clock (SHOP_CLOCK, shared with this
 * process for the tokens it mints) and each page's clock read it, so days, prices and the calendar are
 * the same every time. A winter's day ahead of any day they run: the browser's cookie jar keeps the real
 * time, and cookies the shop dates from its clock must not have expired by it.
 */
export const shotClock = '2040-01-18T10:00:00+01:00';

/** The shop as `npm run screenshots` starts it: on the shots' day, guests may check out, the demo
 * prices are in place. */
export function startShotShop(): Promise<ShopProcess> {
  setShopClock(shotClock);
  return startShop({ FEATURE_FLAGS: 'guestCheckout' }, { awaitDemoPrices: true });
}

export const shotWidths = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

const t = journeyTexts.de;

interface Step {
  name: string;
  /** brings the page to the state to photograph (each step continues where the one before left off);
   * answers what changes by itself on it beyond `volatileParts` */
  reach: (page: Page, shop: ShopProcess) => Promise<Locator[] | void>;
}

/**
 * What differs from one run to the next on the shop's pages (the day does not: the shots run on
 * `shotClock`): order numbers, the guest's e-mail address, the shop's port, and the minute an order was
 * placed or its places are held until (the clock starts with the shop, which takes longer on a busy
 * machine); masked in every shot.
 */
const volatileText = /AP-\d|@example\.ch|127\.0\.0\.1:\d+|(um|,) \d{1,2}:\d{2}/;

/** Masked text still takes its room: its digits become 0, so that a longer number never wraps a line. */
async function steadyVolatileText(page: Page): Promise<void> {
  await page.evaluate((pattern) => {
    const volatile = new RegExp(pattern);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (volatile.test(node.textContent ?? ''))
        node.textContent = (node.textContent ?? '').replace(/\d/g, '0');
  }, volatileText.source);
}

export const volatileParts = (page: Page): Locator[] => [page.getByText(volatileText)];

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 60_000 });

/** The embedded identity provider's issuer is http://localhost:<port>/oidc: its pages are reached under that host. */
const providerOrigin = (shop: ShopProcess) => shop.origin.replace('127.0.0.1', 'localhost');

/** 21 × 9 cm ticket (services/src/ticket/pdf/ticket-pdf.ts): its code is a 6 cm square 0.8 cm from the right edge */
const ticketCode = { left: 14.2 / 21, top: 1.5 / 9, width: 6 / 21, height: 6 / 9 };

/** A guest's booking from the home page to the reserved order, paid at the desk: its ticket and mail. */
function guestBooking(): Step[] {
  const guest = { email: `screenshot-${randomBytes(4).toString('hex')}@example.ch`, refno: '', orderId: 0 };
  return [
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
        // the entry names its product once the catalogue has answered (before, it reads "#1031")
        await page.locator('.basket-entry h3').filter({ hasText: t.gondola }).waitFor();
      },
    },
    {
      name: 'checkout',
      reach: async (page) => {
        await page.getByRole('button', { name: t.proceed }).click();
        await heading(page, t.guestTitle);
        await page.getByLabel(t.guestEmail).fill(guest.email);
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
        guest.refno = (await page.getByText(t.orderNumber).innerText()).split(' ').at(-1) ?? '';
        guest.orderId = Number(new URL(page.url()).pathname.match(/\/orders\/(\d+)/)?.[1]);
      },
    },
    {
      name: 'ticket',
      reach: async (page, shop) => {
        // the desk takes the money: the order is paid and its tickets are issued
        const confirmed = await fetch(`${shop.origin}/api/admin/orders/${guest.orderId}/confirm`, {
          method: 'POST',
          headers: { ...shopHeaders, authorization: `Bearer ${mintStaffToken()}` },
        });
        if (!confirmed.ok) throw new Error(`confirming order ${guest.orderId}: HTTP ${confirmed.status}`);
        await page.reload();
        const download = page.getByRole('button', { name: t.downloadTickets });
        await download.waitFor({ timeout: 60_000 });
        const signedLink = page.waitForResponse((response) =>
          response.url().includes('/api/templates/ticket-url'),
        );
        await download.click();
        const { url } = (await (await signedLink).json()) as { url: string };
        const pdf = Buffer.from(await (await fetch(`${shop.origin}${url}`)).arrayBuffer());
        const code = await showPdfFirstPage(page, shop.origin, pdf, { scale: 2, areas: [ticketCode] });
        return [code, page.locator('.textLayer span').filter({ hasText: /Ticket-Nr\./ })];
      },
    },
    {
      name: 'mail',
      reach: async (page) => {
        const mail = await mailTo(guest.email, t.confirmationMail(guest.refno), 60_000);
        await page.setContent(mail.HTML, { waitUntil: 'load' });
      },
    },
  ];
}

/** A signed-in customer's account page (a minted token, as the account e2e tests sign in). */
const customerProfile = (): Step[] => [
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

/** The identity provider's sign-in form, reached from the shop's sign-in page as the sign-in tests reach it. */
const signIn = (): Step[] => [
  {
    name: 'sign-in',
    reach: async (page, shop) => {
      const origin = providerOrigin(shop);
      await page.goto(`${origin}/de/auth-selector?returnTo=${encodeURIComponent('/de/profile')}`);
      await page.getByRole('button', { name: t.signInWithAccount }).click();
      await page.waitForURL(/\/oidc\/interaction\//);
      await heading(page, providerTexts.de.signInTitle);
    },
  },
];

/** a fresh run of every journey (a journey keeps what its steps learn, e.g. the guest's order) */
export const journeys = (): Step[][] => [guestBooking(), customerProfile(), signIn()];

export interface Shot {
  /** `<step>-<width>`, the file name in docs/screenshots without .png */
  name: string;
  png: Buffer;
  page: Page;
}

/**
 * Takes every shot at every width, full page at device scale 1 with what changes by itself masked, and
 * hands each to `take` while its page is still open.
 */
export async function takeShots(
  browser: Browser,
  shop: ShopProcess,
  take: (shot: Shot) => Promise<void>,
): Promise<void> {
  for (const viewport of shotWidths) {
    for (const journey of journeys()) {
      const context = await browser.newContext({ viewport, locale: 'de', deviceScaleFactor: 1 });
      await context.clock.install({ time: Date.now() });
      const page = await context.newPage();
      try {
        for (const step of journey) {
          const ownVolatileParts = (await step.reach(page, shop)) ?? [];
          // lazy pictures below the fold are loaded before the full-page picture is taken
          await page.evaluate(() =>
            document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')),
          );
          await page.waitForLoadState('networkidle');
          await steadyVolatileText(page);
          const png = await page.screenshot({
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
            mask: [...volatileParts(page), ...ownVolatileParts],
            maskColor: shotMask.css,
          });
          await take({ name: `${step.name}-${viewport.width}`, png, page });
        }
      } finally {
        await context.close();
      }
    }
  }
}
