import { screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { CHECKOUT_ID, ORDER_ID, orderJson } from '../../../test/support/checkout-fixtures';
import { SKIDATA_CARD, seasonUsage } from '../../../test/support/consumption-fixtures';
import { payPerUseItem, payPerUseProduct } from '../../../test/support/pay-per-use-fixtures';

const chf = (amount: number) => ({ amount, currency: 'CHF' });
/** A bill's items: one per keycard day, the day as validity (yyyy-MM-dd), the price it was charged. */
const billedDay = (id: string, day: string, amount: number) => ({
  ...payPerUseItem,
  id,
  validity: { from: day, to: day },
  personalization: { personId: 1, medium: null, keycardId: 17 },
  unitPrice: { amount, currency: 'CHF', source: 'basePrice' },
  price: chf(amount),
});
const bill = (status: string, paymentStatus: string) =>
  orderJson(status, {
    type: 'CONSUMPTION',
    paymentStatus,
    paymentMethod: 'CARD',
    items: [
      billedDay('1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d', '2026-12-20', 6900),
      billedDay('2c3d4e5f-6071-4b8c-9d0e-1f2a3b4c5d6e', '2026-12-21', 7400),
    ],
    total: chf(14300),
    refunds: [],
    cancellationReason: null,
    accessToken: undefined,
  });

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

function serveBill(order: unknown) {
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: {} };
    if (call.path === '/products') return { status: 200, body: [payPerUseProduct] };
    if (call.path === '/keycards') return { status: 200, body: [SKIDATA_CARD] };
    if (call.path === '/consumptions/usage') return { status: 200, body: seasonUsage };
    if (call.path === `/orders/${ORDER_ID}`) return { status: 200, body: order };
    if (call.path.startsWith('/templates/'))
      return { status: 200, body: { url: '/x.pdf', expiresAt: '2026-12-22T08:05:00.000Z' } };
    return undefined;
  });
}

describe('a CONSUMPTION order on the order page', () => {
  it('lists the days it bills with the keycard, what the gates saw and the day’s price; no tickets, nothing to cancel', async () => {
    serveBill(bill('PAID', 'PAID'));
    renderRoute(atAddress(`/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`));
    const days = (await screen.findByRole('heading', { level: 2, name: 'Days billed' })).closest('section')!;
    const first = within(days)
      .getByRole('heading', { level: 3, name: 'Sunday, December 20, 2026' })
      .closest('li')!;
    expect(await within(first).findByText('SKIDATA keycard 01-1614 7255 0123 4567 8901-3')).toBeTruthy();
    expect(await within(first).findByText('1 passage, 2 rides, 95 min parking')).toBeTruthy();
    expect(within(first).getByText('CHF 69.00')).toBeTruthy();
    const second = within(days)
      .getByRole('heading', { level: 3, name: 'Monday, December 21, 2026' })
      .closest('li')!;
    expect(await within(second).findByText('1 passage, 5 rides')).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/consumptions/usage')?.search).toBe(
      '?from=2026-12-20&to=2026-12-21',
    );
    expect(screen.getByText('Paid. Thank you!')).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Documents' });
    expect(screen.queryByRole('heading', { name: 'Your tickets' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cancel items' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pay this bill' })).toBeNull();
  });

  it('offers to pay a bill whose card was declined, in its checkout', async () => {
    serveBill(bill('CREATED', 'FAILED'));
    renderRoute(atAddress(`/de/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`));
    const pay = await screen.findByRole('link', { name: 'Diese Abrechnung bezahlen' });
    expect(pay.getAttribute('href')).toBe(`/de/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Abgerechnete Tage' })).toBeTruthy(),
    );
  });
});
