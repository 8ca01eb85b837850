import type { Page } from 'playwright-core';
import { chooseFirstAvailableDay } from '../../web/e2e/calendar';
import { journeyTexts } from '../../web/e2e/journey-texts';

const t = journeyTexts.de;

/** The day pass of the demo resort (services/src/demo): the product page. */
export const PRODUCT_PATH = '/de/products/101';

/**
 * Puts one gondola slot in the tab's basket (its id stays in localStorage) and returns the basket's
 * address; the same steps as the guest journey's browser test.
 */
export async function fillBasket(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/de`);
  await page.getByRole('link', { name: t.chooseGondola }).click();
  await page.getByRole('heading', { level: 1, name: t.gondola }).waitFor();
  await chooseFirstAvailableDay(page, t.nextMonth);
  const slot = page.getByRole('radio', { name: t.placesLeft }).first();
  if (!(await slot.isChecked())) await slot.check();
  await page.getByRole('button', { name: t.addToBasket }).click();
  await page.getByRole('status').getByText(t.added).waitFor();
  await page.getByRole('link', { name: t.basketWithOne, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: t.basketTitle }).waitFor();
  return `${origin}/de/basket`;
}

/**
 * From the filled basket to the checkout as a guest (guestCheckout: the guest's token stays in the
 * tab's sessionStorage); returns the checkout's address.
 */
export async function openGuestCheckout(page: Page): Promise<string> {
  await page.getByRole('button', { name: t.proceed }).click();
  await page.getByRole('heading', { level: 1, name: t.guestTitle }).waitFor();
  await page.getByLabel(t.guestEmail).fill(`lighthouse-${Date.now()}@example.ch`);
  await page.getByRole('button', { name: t.guestContinue }).click();
  await page.getByRole('heading', { level: 1, name: t.checkoutTitle }).waitFor();
  return page.url();
}
