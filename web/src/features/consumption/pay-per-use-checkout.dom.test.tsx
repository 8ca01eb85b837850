import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { CHECKOUT_ID, ORDER_ID, checkoutJson, orderJson } from '../../../test/support/checkout-fixtures';
import { SKIDATA_CARD } from '../../../test/support/consumption-fixtures';
import { payPerUseItem, payPerUseProduct, visaCard } from '../../../test/support/pay-per-use-fixtures';

jest.mock('../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

const chf = (amount: number) => ({ amount, currency: 'CHF' });
const checkoutPath = `/checkout/${CHECKOUT_ID}`;

/** A checkout whose order registers pay per use (0.00 due), and the order page it leads to. */
function servePayPerUseCheckout(cards: unknown[]) {
  let order = orderJson('CREATED', {
    items: [payPerUseItem],
    subtotal: chf(0),
    total: chf(0),
    amountDue: chf(0),
    discounts: [],
    discountTotal: chf(0),
    vouchers: [],
    onlineCredit: chf(0),
    refunds: [],
    cancellationReason: null,
    accessToken: undefined,
  });
  const checkout = () => ({
    ...checkoutJson('CREATED'),
    order,
    total: chf(0),
    conditions: { fields: [], values: {}, complete: true },
  });
  return mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: {} };
    if (call.path === '/products') return { status: 200, body: [payPerUseProduct] };
    if (call.method === 'GET' && call.path === '/payments/payment-details')
      return { status: 200, body: cards };
    if (call.path === '/keycards') return { status: 200, body: [SKIDATA_CARD] };
    if (call.method === 'GET' && call.path === checkoutPath) return { status: 200, body: checkout() };
    if (call.method === 'POST' && call.path === `${checkoutPath}/payment`) {
      order = { ...order, status: 'PAID', paymentStatus: 'PAID', paymentMethod: 'CARD' };
      return { status: 200, body: { checkout: checkout(), redirectUrl: null } };
    }
    if (call.method === 'POST' && call.path === '/payments/payment-details/register')
      return {
        status: 200,
        body: { transactionId: 'trx-9', redirectUrl: 'http://127.0.0.1:3921/v1/start/trx-9' },
      };
    if (call.method === 'POST' && call.path === '/payments/payment-details')
      return { status: 201, body: visaCard };
    if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`) return { status: 200, body: order };
    return undefined;
  });
}

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  jest.mocked(leaveShopFor).mockClear();
  window.history.replaceState(null, '', '/');
});

const callsTo = (method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path);

async function openCheckout() {
  renderRoute(atAddress(`/en/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`));
  return (await screen.findByRole('heading', { level: 3, name: '1 × Pay-per-use ski day, Adult' })).closest(
    'li',
  )!;
}

describe('buying pay per use: checkout and confirmation', () => {
  it('pays with the saved card although nothing is due, then confirms the keycard registered from that day', async () => {
    api = servePayPerUseCheckout([visaCard]);
    const line = await openCheckout();
    expect(within(line).getByText('Billed per day you ride')).toBeTruthy();
    expect(within(line).queryByText(/each$/)).toBeNull();
    const cards = screen.getByRole('group', { name: 'Card for the bills' });
    expect(
      within(cards).getByText(
        'Nothing is charged now. Each day you ride is billed to your default saved card.',
      ),
    ).toBeTruthy();
    const visa = await within(cards).findByRole('radio', {
      name: 'Visa ending in 4242, expires 12/30 (default)',
    });
    await waitFor(() => expect((visa as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByRole('radio', { name: /on site/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const confirmation = (await screen.findByRole('heading', { level: 2, name: 'Pay per use' })).closest(
      'section',
    )!;
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toEqual({
      intent: 'existing',
      paymentDetailId: 5,
      redirectUrls: expect.any(Object),
    });
    expect(
      await within(confirmation).findByText(
        'SKIDATA keycard 01-1614 7255 0123 4567 8901-3 is registered for pay per use from November 23, 2026. Every day it rides is billed to your saved card at that day’s price.',
      ),
    ).toBeTruthy();
    expect(
      within(confirmation).getByRole('link', { name: 'See your days of use' }).getAttribute('href'),
    ).toBe(`/en/profile/consumptions?token=${CUSTOMER_TOKEN}`);
    expect(screen.getByText('Paid. Thank you!')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your tickets' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cancel items' })).toBeNull();
    expect(api.calls.some((call) => call.path === '/keycards/tickets/')).toBe(false);
  });

  it('without a saved card: asks for one before placing the order, and adds one on the provider’s page with the way back', async () => {
    api = servePayPerUseCheckout([]);
    await openCheckout();
    const cards = screen.getByRole('group', { name: 'Card for the bills' });
    await within(cards).findByText(/^Pay per use is billed to a saved card\. Please add a card first/);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const refusal = await screen.findByText(
      'Pay per use is billed to a saved card: please choose one of your saved cards.',
    );
    await waitFor(() => expect(document.activeElement).toBe(refusal));
    expect(callsTo('POST', `${checkoutPath}/payment`)).toEqual([]);

    fireEvent.click(within(cards).getByRole('button', { name: 'Add a card' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('http://127.0.0.1:3921/v1/start/trx-9'));
    const back = `http://localhost/en/profile/payment-details/return?outcome=success&checkout=${CHECKOUT_ID}&token=${CUSTOMER_TOKEN}`;
    expect(
      (
        callsTo('POST', '/payments/payment-details/register')[0]?.body as {
          redirectUrls: { success: string };
        }
      ).redirectUrls.success,
    ).toBe(back);
  });

  it('leads from the provider’s return page back to the checkout once the card is saved', async () => {
    api = servePayPerUseCheckout([]);
    renderRoute(
      atAddress(
        `/en/profile/payment-details/return?outcome=success&checkout=${CHECKOUT_ID}&token=${CUSTOMER_TOKEN}&datatransTrxId=trx-9`,
      ),
    );
    expect(await screen.findByText('Your card was saved. Visa 424242xxxxxx4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your checkout' }).getAttribute('href')).toBe(
      `/en/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`,
    );
    expect(callsTo('POST', '/payments/payment-details').map((call) => call.body)).toEqual([
      { transactionId: 'trx-9' },
    ]);
  });
});
