import type { Page } from 'playwright-core';

/**
 * The first day the product page's calendar lets the visitor book, whatever day the test runs: the
 * calendar opens on the first month with availability, but that month may have no bookable day left
 * (on the last day of a month or of a season, when the booking window closes at the start of the day),
 * so after giving the shown month time to load its slots and prices the test moves on to the next
 * month with the button named `nextMonth` in the page's language.
 */
export async function chooseFirstAvailableDay(page: Page, nextMonth: string): Promise<void> {
  const bookable = page.locator('button.calendar-day[aria-disabled="false"]');
  for (let month = 0; month < 4; month += 1) {
    const found = await bookable
      .first()
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (found) return bookable.first().click();
    await page.getByRole('button', { name: nextMonth }).click();
  }
  throw new Error('no bookable day in the first four months the calendar shows');
}
