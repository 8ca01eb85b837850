import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForValue } from '@alpenpass/infra/test/support';
import { chooseFirstAvailableDay } from './calendar';
import { launchChromium, screenshotFolder } from './chromium';
import { mintCustomerToken } from './customer-token';
import { journeyTexts, type JourneyLanguage } from './journey-texts';
import { pageSteps } from './page-steps';
import { startTestSimulator, type TestSimulator } from './psp-simulator';
import { customerApi } from './customer-api';
import { startShop, type ShopProcess } from './shop-process';

/**
 * Moves in the middle of a checkout, in each language against the real shop: a double click on "add"
 * and on "place order" does it once; switching the language in the middle of the checkout keeps the checkout; a payment
 * left unfinished on the provider's page until the payment time runs out ends in a cancelled order whose
 * places are free again, and the order page says so. Screenshots `moves-<step>-<language>.png`.
 */

const PAYMENT_TIMEOUT_SECONDS = 40;
const nextLanguage = { de: 'en', en: 'fr', fr: 'de' } as const;
const timedOut = {
  de: 'Die Zahlung ist nicht rechtzeitig eingegangen. Die Bestellung wurde daher storniert und ihre Plätze freigegeben. Es wurde nichts belastet. Sie können gerne neu buchen.',
  en: 'The payment did not arrive in time, so the order was cancelled and its places released. Nothing was charged. You are welcome to book again.',
  fr: "Le paiement n'est pas arrivé à temps : la commande a été annulée et ses places libérées. Rien n'a été débité. N'hésitez pas à réserver de nouveau.",
} as const;

let payments: TestSimulator;
let shop: ShopProcess;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  payments = await startTestSimulator();
  [shop, browser] = await Promise.all([
    startShop({ ...payments.shopEnv, CHECKOUT_PAYMENT_TIMEOUT_SECONDS: String(PAYMENT_TIMEOUT_SECONDS) }),
    launchChromium(),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await payments?.stop();
}, 60_000);

const { call, freePlaces, placeOrder, startCardPayment } = customerApi(() => shop.origin);

interface OrderList {
  total: number;
  items: { id: number; status: string }[];
}
/** the customer's orders once the read model has caught up with `expected` of them */
async function ordersOf(token: string, expected: number): Promise<OrderList> {
  await waitForValue(
    `${expected} orders in the customer's list`,
    () => call<OrderList>('GET', '/orders', token),
    (orders) => orders.total >= expected,
    10_000,
    { intervalMs: 250 },
  );
  // a moment more, so that a second order written just after would be seen too
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return call<OrderList>('GET', '/orders', token);
}

describe.each(['de', 'en', 'fr'] as const)('checkout moves in %s', (language: JourneyLanguage) => {
  const t = journeyTexts[language];
  const other = nextLanguage[language];
  const o = journeyTexts[other];
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1024, height: 800 }, locale: language });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  const { screenshot, heading, expectAccessible } = pageSteps(
    () => page,
    (step) => `moves-${step}-${language}`,
  );

  it('adds once on a double click, keeps the checkout across a language switch, and places one order on a double click', async () => {
    const token = mintCustomerToken(`e2e-moves-${randomBytes(4).toString('hex')}`);
    await page.goto(`${shop.origin}/${language}/products/103?token=${token}`);
    await heading(1, t.gondola);
    await chooseFirstAvailableDay(page, t.nextMonth);
    const slot = page.getByRole('radio', { name: t.placesLeft }).first();
    if (!(await slot.isChecked())) await slot.check();
    await page.getByRole('button', { name: t.addToBasket }).dblclick();
    await page.getByRole('status').getByText(t.added).waitFor();
    await page.getByRole('link', { name: t.basketWithOne, exact: true }).click();
    await heading(1, t.basketTitle);
    const basketId = await page.evaluate(() => localStorage.getItem('alpenpass.basket.serverId'));
    const basket = await call<{ entries: unknown[] }>('GET', `/baskets/${basketId}`, token);
    expect(basket.entries).toHaveLength(1);

    await page.getByRole('button', { name: t.proceed }).click();
    await heading(1, t.checkoutTitle);
    const checkoutPath = new URL(page.url()).pathname;
    await page.locator('.language-switch select').selectOption(other);
    await heading(1, o.checkoutTitle);
    expect(new URL(page.url()).pathname).toBe(checkoutPath.replace(`/${language}/`, `/${other}/`));
    await page.getByText(o.gondolaAdult).first().waitFor();
    await screenshot('01-checkout-after-language-switch');
    await expectAccessible();

    const terms = page.getByRole('checkbox', { name: o.acceptTerms });
    if (!(await terms.isChecked())) await terms.check();
    await page.getByRole('radio', { name: o.payOnSite }).check();
    await page.getByRole('button', { name: o.placeOrder }).dblclick();
    await heading(1, o.orderTitle);
    await page.getByRole('status').getByText(o.orderReserved, { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot('02-one-order-after-double-click');

    const orders = await ordersOf(token, 1);
    expect(orders.total).toBe(1);
  }, 180_000);

  it('a payment left on the provider’s page until its time runs out: the order is cancelled, its place free again, and the order page says so', async () => {
    const token = mintCustomerToken(`e2e-timeout-${randomBytes(4).toString('hex')}`);
    const order = await placeOrder(token);
    const freeBefore = await freePlaces(token, order.slotId);
    const returnPage = `${shop.origin}/${language}/checkout/${order.checkoutId}/return?token=${token}`;
    const started = await startCardPayment(token, order.checkoutId, returnPage);
    await page.goto(started.redirectUrl);
    await page.getByRole('heading', { name: 'PSP simulator: payment' }).waitFor();

    // the customer walks away from the provider's page; the payment's time runs out
    await page.goto(`${shop.origin}/${language}/orders/${order.orderId}?token=${token}`);
    await heading(1, t.orderTitle);
    await page.getByText(timedOut[language]).waitFor({ timeout: (PAYMENT_TIMEOUT_SECONDS + 60) * 1000 });
    await screenshot('03-payment-timed-out');
    expect(await freePlaces(token, order.slotId)).toBe((freeBefore ?? 0) + 1);
  }, 240_000);
});
