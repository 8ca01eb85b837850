import { fireEvent, screen, waitFor } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { BASKET_ID_KEY } from '../basket/state/basket-id';
import { BASKET_ID, CHECKOUT_ID, checkoutJson } from '../../../test/support/checkout-fixtures';
import { basketJson } from '../../../test/support/basket-page-fixtures';
import { GUEST_TOKEN_KEY } from './guest-api';

/** The guest checkout (guestCheckout) and a guest's basket and orders following them at sign-in. */
const GUEST_TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJndWVzdDpnIn0.Z3Vlc3Q';
let api: ReturnType<typeof mockApiFetch>;
let guestCheckout: boolean;
let session: object | null;
/** whose the kept basket is: an anonymous one (null) is the page's to hand over */
let basketOwner: string | null;
afterEach(() => {
  api.restore();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

function serve() {
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: session };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: { guestCheckout } } };
    if (call.path === '/users/authenticate-guest')
      return {
        status: 201,
        body: { accessToken: GUEST_TOKEN, expiresAt: 2_000_000_000, accountId: 'g', guestCheckout: true },
      };
    if (call.path === '/users/account/guest-handover')
      return { status: 200, body: { accountId: 'a', basketIds: [], orderIds: [], guestAccountId: null } };
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`)
      return { status: 200, body: basketJson([], { id: BASKET_ID, accountId: basketOwner }) };
    if (call.method === 'GET' && call.path === '/baskets/current') return { status: 204, body: undefined };
    if (call.method === 'POST' && call.path === '/checkout') return { status: 201, body: checkoutJson() };
    if (call.method === 'GET' && call.path === `/checkout/${CHECKOUT_ID}`)
      return { status: 200, body: checkoutJson() };
    return undefined;
  });
}

beforeEach(() => {
  guestCheckout = true;
  session = null;
  basketOwner = null;
});

describe('the guest checkout', () => {
  it('takes an e-mail and a language, makes the basket the guest’s and opens its checkout with the guest’s token', async () => {
    serve();
    const { router } = renderRoute(atAddress(`/fr/guest-checkout?basketId=${BASKET_ID}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commander en tant qu’invité' }),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'gast' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez saisir une adresse e-mail valide.');
    expect(api.calls.some((call) => call.path === '/users/authenticate-guest')).toBe(false);

    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'gast@example.ch' } });
    fireEvent.change(screen.getByLabelText('Langue de nos e-mails'), { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/fr/checkout/${CHECKOUT_ID}`));
    expect(router.state.location.search).toBe(`?token=${GUEST_TOKEN}`);
    expect(api.calls.find((call) => call.path === '/users/authenticate-guest')?.body).toEqual({
      email: 'gast@example.ch',
      language: 'de',
    });
    const handover = api.calls.find((call) => call.path === '/users/account/guest-handover');
    expect(handover).toMatchObject({ body: { basketId: BASKET_ID }, authorization: `Bearer ${GUEST_TOKEN}` });
    expect(api.calls.find((call) => call.method === 'POST' && call.path === '/checkout')).toMatchObject({
      body: { basketId: BASKET_ID },
      authorization: `Bearer ${GUEST_TOKEN}`,
    });
    expect(sessionStorage.getItem(GUEST_TOKEN_KEY)).toBe(GUEST_TOKEN);
  });

  it('sends the visitor to sign in and back to the basket while guestCheckout is off', async () => {
    guestCheckout = false;
    serve();
    const { router } = renderRoute(atAddress(`/en/guest-checkout?basketId=${BASKET_ID}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth-selector'));
    expect(new URLSearchParams(router.state.location.search).get('callbackUrl')).toBe(
      'http://localhost/en/basket',
    );
  });
});

describe('signing in after shopping as a guest', () => {
  it('hands the guest identity and the basket over to the account, then forgets the guest token', async () => {
    session = {
      user: { email: 'anna@example.ch' },
      accessToken: 'session.access.token',
      expires: '2030-01-01T00:00:00.000Z',
    };
    sessionStorage.setItem(GUEST_TOKEN_KEY, GUEST_TOKEN);
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    serve();
    renderRoute(atAddress('/en'));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/users/account/guest-handover')).toHaveLength(2),
    );
    const [first, second] = api.calls.filter((call) => call.path === '/users/account/guest-handover');
    expect(first).toMatchObject({
      body: { guestToken: GUEST_TOKEN },
      authorization: 'Bearer session.access.token',
    });
    expect(second).toMatchObject({
      body: { basketId: BASKET_ID },
      authorization: 'Bearer session.access.token',
    });
    expect(sessionStorage.getItem(GUEST_TOKEN_KEY)).toBeNull();
  });

  it('hands over no basket that is already the account’s: that call would only be refused', async () => {
    session = {
      user: { email: 'anna@example.ch' },
      accessToken: 'session.access.token',
      expires: '2030-01-01T00:00:00.000Z',
    };
    basketOwner = 'a';
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    serve();
    renderRoute(atAddress('/en'));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`)).toBe(
        true,
      ),
    );
    await screen.findByRole('button', { name: 'Sign out' });
    // what did not happen: a moment for the hand-over's effect, which follows the basket's answer
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.filter((call) => call.path === '/users/account/guest-handover')).toEqual([]);
  });
});
