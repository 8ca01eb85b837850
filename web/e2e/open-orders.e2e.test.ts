import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, screenshotFolder } from './chromium';
import { mintCustomerToken } from './customer-token';
import { payOnSimulatorPage, startTestSimulator, type TestSimulator } from './psp-simulator';
import { customerApi } from './customer-api';
import { startShop, type ShopProcess } from './shop-process';
import { pageSteps } from './page-steps';

/** Every unpaid order has a way forward and a way back (docs/spa-checkout.md, "Order page"), in each language. */
let payments: TestSimulator;
let shop: ShopProcess;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(screenshotFolder, { recursive: true });
  payments = await startTestSimulator();
  [shop, browser] = await Promise.all([startShop(payments.shopEnv), launchChromium()]);
  context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.stop();
  await payments?.stop();
}, 60_000);

const { screenshot, expectAccessible } = pageSteps(() => page);

/** What the order page says, word for word as the catalogues say it. */
const texts = {
  de: {
    cancelledOnPage: 'Sie haben die Zahlung abgebrochen. Es wurde nichts belastet.',
    payNow: 'Jetzt bezahlen',
    paid: 'Bezahlt. Vielen Dank!',
    cancelOrder: 'Bestellung stornieren',
    confirmCancel: 'Ja, Bestellung stornieren',
    cancelled: 'Die Bestellung ist storniert und ihre Plätze sind freigegeben. Es wurde nichts belastet.',
  },
  en: {
    cancelledOnPage: 'You cancelled the payment. Nothing was charged.',
    payNow: 'Pay now',
    paid: 'Paid. Thank you!',
    cancelOrder: 'Cancel order',
    confirmCancel: 'Yes, cancel the order',
    cancelled: 'The order is cancelled and its places are released. Nothing was charged.',
  },
  fr: {
    cancelledOnPage: "Vous avez annulé le paiement. Rien n'a été débité.",
    payNow: 'Payer maintenant',
    paid: 'Payée. Merci\u202f!',
    cancelOrder: 'Annuler la commande',
    confirmCancel: 'Oui, annuler la commande',
    cancelled: "La commande est annulée et ses places sont libérées. Rien n'a été débité.",
  },
} as const;

const { freePlaces, placeOrder, startCardPayment } = customerApi(() => shop.origin);

describe.each(['de', 'en', 'fr'] as const)('an unpaid order in %s', (language) => {
  const text = texts[language];

  it('cancelled on the provider page: the order page says so and pays it with Pay now', async () => {
    const token = mintCustomerToken(`e2e-${randomBytes(4).toString('hex')}`);
    const order = await placeOrder(token);
    const returnPage = `${shop.origin}/${language}/checkout/${order.checkoutId}/return?token=${token}`;
    const started = await startCardPayment(token, order.checkoutId, returnPage);
    await page.goto(started.redirectUrl);
    await page.getByRole('heading', { name: 'PSP simulator: payment' }).waitFor();
    await page.getByLabel('Payment method').selectOption('VIS');
    await page.getByLabel('Outcome').selectOption('cancel');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/return'));

    await page.goto(`${shop.origin}/${language}/orders/${order.orderId}?token=${token}`);
    await page.getByText(text.cancelledOnPage, { exact: false }).waitFor({ timeout: 30_000 });
    await screenshot(`open-order-1-payment-cancelled-${language}`);
    await expectAccessible();
    await page.getByRole('button', { name: text.payNow }).click();
    await payOnSimulatorPage(page);
    await page.waitForURL((url) => url.pathname.endsWith('/return'));

    await page.goto(`${shop.origin}/${language}/orders/${order.orderId}?token=${token}`);
    await page.getByText(text.paid).waitFor({ timeout: 60_000 });
  }, 180_000);

  it('Cancel order: the order is cancelled and its place is free again at once', async () => {
    const token = mintCustomerToken(`e2e-${randomBytes(4).toString('hex')}`);
    const order = await placeOrder(token);
    const heldFree = await freePlaces(token, order.slotId);
    await page.goto(`${shop.origin}/${language}/orders/${order.orderId}?token=${token}`);
    await page.getByRole('button', { name: text.cancelOrder }).click();
    await page.getByRole('button', { name: text.confirmCancel }).click();
    await page.getByText(text.cancelled).waitFor();
    await screenshot(`open-order-2-cancelled-${language}`);
    await expectAccessible();
    expect(await freePlaces(token, order.slotId)).toBe((heldFree ?? 0) + 1);
    expect(await page.getByRole('button', { name: text.payNow }).count()).toBe(0);
  }, 120_000);
});
