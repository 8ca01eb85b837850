import { screen } from '@testing-library/react';
import { ORDER_ID, orderJson } from '../../../test/support/checkout-fixtures';
import { mockApiFetch } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { SESSION_ACCESS_TOKEN, signedInSession } from '../../../test/support/signed-in-session';

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

/** A signed-in customer's shop: the session answers, and only the bearer reads the order. */
function serveSignedInShop() {
  api = mockApiFetch((call) => {
    if (call.path === '/auth/session') return { status: 200, body: signedInSession };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    if (call.path === `/orders/${ORDER_ID}`)
      return call.authorization === `Bearer ${SESSION_ACCESS_TOKEN}`
        ? { status: 200, body: orderJson('PAID') }
        : { status: 404, body: { code: 'ORDER_NOT_FOUND', errors: [] } };
    return undefined;
  });
}

describe('the first calls of a page load (reload, new tab, typed address)', () => {
  it.each(['de', 'en', 'fr'])('wait for the session and carry its bearer (%s order page)', async (locale) => {
    serveSignedInShop();
    window.history.replaceState(null, '', `/${locale}/orders/${ORDER_ID}`);
    renderRoute(`/${locale}/orders/${ORDER_ID}`);
    expect(await screen.findByText('AP-0000042-7', { exact: false })).toBeTruthy();
    const [first, ...rest] = api.calls;
    expect(first?.path).toBe('/auth/session');
    expect(rest.length).toBeGreaterThan(0);
    for (const call of rest) expect(call.authorization).toBe(`Bearer ${SESSION_ACCESS_TOKEN}`);
    expect(api.calls.filter((call) => call.path === `/orders/${ORDER_ID}`)).toHaveLength(1);
  });
});
