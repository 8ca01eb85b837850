import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { DateTime } from 'luxon';
import { mockApiFetch, type ApiCall } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { basketJson, gondolaEntry } from '../../../../test/support/basket-page-fixtures';

const zone = 'Europe/Zurich';
const today = DateTime.now().setZone(zone);
const iso = (date: DateTime) => date.toISODate()!;
const price = (amount: number) => ({ amount, currency: 'CHF' as const });

/** A day pass sold from 00:00 of its own day only (earliestDaysBefore 0), in a season around today. */
const dayPass: ProductDto = {
  id: 101,
  slug: 'day-pass',
  kind: 'DAY_PASS',
  name: 'Day pass',
  description: 'The whole ski area for a day.',
  category: null,
  pool: { identifier: 'alpenhorn', name: 'Alpenhorn', timezone: zone },
  hasValidity: true,
  productAvailabilityRanges: [
    { id: 'winter', name: 'Winter', from: iso(today.minus({ days: 40 })), to: iso(today.plus({ days: 40 })) },
  ],
  media: [],
  image: { src: '/images/demo/lift-tickets.svg', width: 640, height: 360, alt: 'Ski area with a chairlift' },
  bookingWindow: { earliestDaysBefore: 0, latestMinutesBeforeStart: null },
  productDefinitions: [
    {
      id: 1011,
      productId: 101,
      attributes: { age: { value: 'adult', displayName: 'Adult' } },
      basePrice: price(6900),
      discounts: [],
      fromPrice: price(6900),
      requiredProductDefinitions: [],
    },
  ],
  fromPrice: price(6900),
};

function serveShop(flags: Record<string, boolean> = {}, sales: object[] = []) {
  return mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: {} };
    if (call.path === '/waiting-room/sales') return { status: 200, body: sales };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: flags } };
    if (call.path === '/products/101') return { status: 200, body: dayPass };
    if (call.path === '/pricing/prices') {
      const { requests } = call.body as { requests: { validAt: string; productDefinitionId: number }[] };
      return {
        status: 200,
        body: { prices: requests.map((request) => ({ ...request, amount: 6200, currency: 'CHF' })) },
      };
    }
    if (call.path === '/pricing/insights/distribution') {
      return {
        status: 200,
        body: {
          from: iso(today),
          to: iso(today.plus({ days: 29 })),
          quantity: 1,
          currency: 'CHF',
          definitions: [
            { productDefinitionId: 1011, days: 30, min: 5500, max: 7900, median: 6800, levels: [] },
          ],
        },
      };
    }
    if (call.path === '/pricing/insights/development') {
      return {
        status: 200,
        body: {
          currency: 'CHF',
          validAt: iso(today),
          changes: [
            {
              productDefinitionId: 1011,
              date: iso(today),
              amount: 5900,
              previousAmount: null,
              changedAt: '2026-10-01T00:00:00.000Z',
              cause: 'generation',
            },
            {
              productDefinitionId: 1011,
              date: iso(today),
              amount: 6200,
              previousAmount: 5900,
              changedAt: '2026-11-01T00:00:00.000Z',
              cause: 'generation',
            },
          ],
        },
      };
    }
    if (call.method === 'POST' && call.path === '/baskets')
      return { status: 201, body: basketJson([gondolaEntry('e1', 1)]) };
    return undefined;
  });
}

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  sessionStorage.clear();
});

const dayButton = (day: DateTime) =>
  document.querySelector<HTMLButtonElement>(`button[data-date="${iso(day)}"]`);
const focusedLabel = () => document.activeElement?.querySelector('.visually-hidden')?.textContent ?? '';

async function openDayPass(flags: Record<string, boolean> = {}, sales: object[] = []) {
  api = serveShop(flags, sales);
  renderRoute('/en/products/101');
  await screen.findByRole('heading', { level: 1, name: 'Day pass' });
  return screen.findByRole('grid');
}

describe('the product page', () => {
  const opensAt = today.plus({ days: 2 }).set({ hour: 19, minute: 30 });
  const sale = { id: 7, productDefinitionIds: [1011], opensAt: opensAt.toUTC().toISO() };

  it("links to the sale's waiting room, coming back here", async () => {
    await openDayPass({}, [sale]);
    const join = screen.getByRole('link', { name: 'Join the queue' });
    expect(join.getAttribute('href')).toBe(
      `/en/waiting-room/7?returnTo=${encodeURIComponent('/en/products/101')}`,
    );
    expect(screen.getByText(/goes on sale on .* at 19:30, through a waiting room/)).toBeTruthy();
  });

  it('no longer links to the waiting room once this tab holds an admission to the sale', async () => {
    sessionStorage.setItem(
      'alpenpass.waitingRoomAdmissions',
      JSON.stringify({ 7: { token: 't', expiresAt: opensAt.plus({ hours: 1 }).toUTC().toISO() } }),
    );
    await openDayPass({}, [sale]);
    await waitFor(() => expect(api.calls.some((call) => call.path === '/waiting-room/sales')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Join the queue' })).toBeNull();
  });

  it('is one tab stop in the calendar, moved with the arrow keys, Home/End and Page Up/Down', async () => {
    const grid = await openDayPass();
    await waitFor(() => expect(grid.querySelectorAll('button[tabindex="0"]')).toHaveLength(1));
    const start = grid.querySelector<HTMLButtonElement>('button[tabindex="0"]')!;
    expect(start.dataset.date).toBe(iso(today));
    act(() => start.focus());

    fireEvent.keyDown(start, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(dayButton(today.plus({ days: 1 }))));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(dayButton(today.plus({ days: 8 }))));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() =>
      expect(document.activeElement).toBe(dayButton(today.plus({ days: 8 }).startOf('week'))),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    const nextMonth = today.plus({ days: 8 }).startOf('week').plus({ months: 1 });
    await waitFor(() => expect(document.activeElement).toBe(dayButton(nextMonth)));
    expect(
      screen.getByRole('heading', { level: 3, name: nextMonth.setLocale('en').toFormat('LLLL yyyy') }),
    ).toBeTruthy();
    expect(screen.getByRole('grid').querySelectorAll('button[tabindex="0"]')).toHaveLength(1);
  });

  it('says why a day cannot be chosen, and chooses none of them', async () => {
    const grid = await openDayPass();
    await waitFor(() => expect(grid.querySelector('button[tabindex="0"]')).not.toBeNull());
    const start = grid.querySelector<HTMLButtonElement>('button[tabindex="0"]')!;
    act(() => start.focus());
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    await waitFor(() => expect(focusedLabel()).toMatch(/online sales open on/));
    expect(focusedLabel()).toContain(today.plus({ days: 1 }).setLocale('en').toFormat('LLLL d, yyyy'));
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(document.activeElement!);
    expect(document.activeElement?.closest('td')?.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    await waitFor(() => expect(focusedLabel()).toMatch(/this day is over$/));
  });

  it('moves the focus to the outcome after adding, with the way to the basket', async () => {
    const grid = await openDayPass();
    await waitFor(() => expect(dayButton(today)?.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(dayButton(today)!);
    expect(dayButton(today)?.closest('td')?.getAttribute('aria-selected')).toBe('true');
    const add = screen.getByRole('button', { name: 'Add to basket' });
    await waitFor(() => expect(add.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(add);
    const outcome = await screen.findByText('Added to your basket.');
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(screen.getByRole('link', { name: 'Go to the basket' }).getAttribute('href')).toBe('/en/basket');
    expect(api.calls.filter((call) => call.path === '/baskets')).toHaveLength(1);
    expect(grid.isConnected).toBe(true);
  });

  it('without the flags: one column, no steps, no price insight', async () => {
    await openDayPass();
    expect(document.querySelector('.product-page-redesigned')).toBeNull();
    expect(screen.getByRole('group', { name: 'Who is coming?' })).toBeTruthy();
    fireEvent.click(await waitFor(() => dayButton(today)!));
    await screen.findByText(/^Total: /);
    expect(screen.queryByRole('heading', { name: 'Price insight' })).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/pricing/insights'))).toBe(false);
  });

  it('with enableNewBookingPages and priceInsightWidget: the redesigned page and the chosen day’s price insight', async () => {
    await openDayPass({ enableNewBookingPages: true, priceInsightWidget: true });
    await waitFor(() =>
      expect(document.querySelector('.product-page-redesigned .product-hero')).not.toBeNull(),
    );
    expect(screen.getByRole('group', { name: '1. Who is coming?' })).toBeTruthy();
    expect(screen.getByRole('group', { name: /^2\. First day/ })).toBeTruthy();
    await waitFor(() => expect(dayButton(today)?.getAttribute('aria-disabled')).toBe('false'));
    fireEvent.click(dayButton(today)!);
    const insight = await screen.findByRole('region', { name: 'Price insight' });
    await within(insight).findByText(
      /In the 30 days from .* a ticket costs CHF.55\.00 to CHF.79\.00, usually CHF.68\.00\./,
    );
    await within(insight).findByText(/CHF.62\.00, one of the lower prices of these days\./);
    await within(insight).findByText(/changed 1 time: from CHF.59\.00 to CHF.62\.00/);
  });
});
