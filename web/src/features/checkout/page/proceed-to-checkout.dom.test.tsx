import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApiFetch } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { BASKET_ID_KEY } from '../../basket/state/basket-id';
import {
  BASKET_ID,
  CHECKOUT_ID,
  checkoutJson,
  problemJson,
} from '../../../../test/support/checkout-fixtures';

const ENTRY_ID = '5b0c7d3e-2a4f-4c1d-9e8b-7a6f5e4d3c2b';

const basketJson = {
  id: BASKET_ID,
  entries: [
    {
      id: ENTRY_ID,
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
afterEach(() => api.restore());

/** The basket's calls; a signed-in customer's session unless `signedIn` is false (then guestCheckout decides). */
function serveBasket(
  checkout: { status: number; body: unknown },
  visitor: { signedIn: boolean; guestCheckout?: boolean } = { signedIn: true },
) {
  api = mockApiFetch((call) => {
    if (call.path === '/auth/session')
      return {
        status: 200,
        body: visitor.signedIn
          ? {
              user: { email: 'anna@example.ch' },
              accessToken: 'session-token',
              expires: '2030-01-01T00:00:00.000Z',
            }
          : null,
      };
    if (call.path === '/clients/current')
      return {
        status: 200,
        body: { id: 1, name: 'Alpenpass', featureFlags: { guestCheckout: visitor.guestCheckout === true } },
      };
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`)
      return { status: 200, body: basketJson };
    if (call.method === 'POST' && call.path === '/checkout') return checkout;
    if (call.method === 'GET' && call.path === `/checkout/${CHECKOUT_ID}`)
      return { status: 200, body: checkoutJson() };
    return undefined;
  });
}

async function proceed() {
  localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
  const view = renderRoute('/en/basket');
  await screen.findByRole('heading', { level: 3, name: /2 × #1031/ });
  fireEvent.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
  return view;
}

describe('proceeding to the checkout from the basket', () => {
  it('lists an invalid basket’s issues per line (409 BASKET_NOT_VALID) and focuses them', async () => {
    serveBasket({
      status: 409,
      body: problemJson(409, 'BASKET_NOT_VALID', [
        {
          path: `entries.${ENTRY_ID}`,
          message: 'HOLD_EXPIRED: The places held for this entry were released when the basket hold expired.',
        },
      ]),
    });
    const { router } = await proceed();
    const alert = await screen.findByText('Your basket cannot be checked out as it is:');
    const notice = alert.closest('[role="alert"]');
    expect(notice?.querySelector('li')?.textContent).toBe(
      '2 × #1031: the reservation of its places expired. Please remove it and choose the time slot again.',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(router.state.location.pathname).toBe('/en/basket');
    expect(api.calls.find((call) => call.path === '/checkout')?.body).toEqual({ basketId: BASKET_ID });
  });

  it('opens the checkout page of the new checkout', async () => {
    serveBasket({ status: 201, body: checkoutJson() });
    const { router } = await proceed();
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    expect(router.state.location.pathname).toBe(`/en/checkout/${CHECKOUT_ID}`);
  });

  it('tells a signed-out visitor up front that an account is needed, with sign-in and registration back to this basket', async () => {
    serveBasket({ status: 201, body: checkoutJson() }, { signedIn: false });
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    const { router } = renderRoute('/en/basket');
    expect(await screen.findByText(/To check out you need a customer account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to checkout' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/oidc/register?lang=en',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Sign in to check out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth-selector'));
    expect(router.state.location.search).toBe(
      `?callbackUrl=${encodeURIComponent('http://localhost/en/basket')}`,
    );
    expect(localStorage.getItem(BASKET_ID_KEY)).toBe(BASKET_ID);
    expect(api.calls.filter((call) => call.path === '/checkout')).toEqual([]);
  });

  it('sends a signed-out visitor to the guest checkout while guestCheckout is on', async () => {
    serveBasket({ status: 201, body: checkoutJson() }, { signedIn: false, guestCheckout: true });
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    const { router } = renderRoute('/en/basket');
    expect(await screen.findByText(/You can check out as a guest/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to check out' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed to checkout' }));
    await screen.findByRole('heading', { level: 1, name: 'Check out as a guest' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/en/guest-checkout?basketId=${BASKET_ID}`,
    );
    expect(api.calls.filter((call) => call.path === '/checkout')).toEqual([]);
  });
});
