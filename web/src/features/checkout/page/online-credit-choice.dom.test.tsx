import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../../test/support/customer-token';
import { mockApiFetch, type ApiHandler } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { BASKET_ID_KEY } from '../../basket/state/basket-id';
import { BASKET_ID, CHECKOUT_ID, checkoutJson } from '../../../../test/support/checkout-fixtures';

const basketJson = {
  id: BASKET_ID,
  entries: [
    {
      id: '5b0c7d3e-2a4f-4c1d-9e8b-7a6f5e4d3c2b',
      productId: 103,
      productDefinitionId: 1031,
      slotId: 7,
      validity: { from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T09:30:00.000Z' },
      quantity: 2,
      allocation: null,
      attributes: {},
      personalization: null,
      unitPrice: { amount: 3200, currency: 'CHF', source: 'pricing' },
      price: { amount: 6400, currency: 'CHF' },
      hold: 'expired',
      children: [],
      originatedEntries: [],
    },
  ],
  hold: { status: 'expired', expiresAt: null, expiredAt: '2026-11-23T11:00:00.000Z' },
  subtotal: { amount: 6400, currency: 'CHF' },
  discounts: [],
  discountTotal: { amount: 0, currency: 'CHF' },
  promoCodes: [],
  total: { amount: 6400, currency: 'CHF' },
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

function serve(balance: number): ApiHandler {
  return (call) => {
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`)
      return { status: 200, body: basketJson };
    if (call.method === 'PATCH' && call.path === `/baskets/${BASKET_ID}`)
      return { status: 200, body: { ...basketJson, useOnlineCredit: true } };
    if (call.path === '/payments/online-credit/balance')
      return {
        status: 200,
        body: { accountId: 'alice', balance: { amount: balance, currency: 'CHF' }, transactions: [] },
      };
    if (call.method === 'POST' && call.path === '/checkout') return { status: 201, body: checkoutJson() };
    if (call.method === 'GET' && call.path === `/checkout/${CHECKOUT_ID}`)
      return { status: 200, body: checkoutJson() };
    return undefined;
  };
}

async function openBasket(path: string) {
  localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
  atAddress(path);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 3, name: /2 × #1031/ });
  return view;
}

describe('online credit on the way to the checkout', () => {
  it('lets a customer with a balance spend it: the basket is told before the checkout starts, and the token stays', async () => {
    api = mockApiFetch(serve(2550));
    const { router } = await openBasket(`/en/basket?token=${CUSTOMER_TOKEN}`);
    fireEvent.click(
      await screen.findByRole('checkbox', { name: /^Use my online credit \(CHF.25\.50 available\)$/ }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    const patch = api.calls.findIndex((call) => call.method === 'PATCH');
    const start = api.calls.findIndex((call) => call.method === 'POST' && call.path === '/checkout');
    expect(api.calls[patch]?.body).toEqual({ useOnlineCredit: true });
    expect(patch).toBeLessThan(start);
    expect(router.state.location.search).toBe(`?token=${CUSTOMER_TOKEN}`);
  });

  it('offers nothing without a balance, and never asks for a guest’s balance', async () => {
    api = mockApiFetch(serve(0));
    await openBasket(`/en/basket?token=${CUSTOMER_TOKEN}`);
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/payments/online-credit/balance')).toBe(true),
    );
    expect(screen.queryByRole('checkbox', { name: /online credit/ })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    api.restore();

    api = mockApiFetch(serve(2550));
    await openBasket('/en/basket');
    // a guest without guestCheckout is asked to sign in (docs/spa-account.md); its balance is never asked for
    expect((await screen.findAllByRole('link', { name: 'Sign in to check out' })).length).toBeGreaterThan(0);
    expect(api.calls.some((call) => call.path === '/checkout')).toBe(false);
    expect(api.calls.some((call) => call.path === '/payments/online-credit/balance')).toBe(false);
  });
});
