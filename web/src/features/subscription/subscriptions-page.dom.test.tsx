import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { SESSION_ACCESS_TOKEN, signedInSession } from '../../../test/support/signed-in-session';

// the shared machine runs several suites at once: give the first lazy page load time

const seasonPass = {
  id: '501-item-1-1',
  status: 'ACTIVE',
  // the resort's days: from 1 December 2026 to 30 April 2027 inclusive (Europe/Zurich)
  validFrom: '2026-11-30T23:00:00.000Z',
  expiresAt: '2027-04-30T22:00:00.000Z',
  renews: true,
  orderId: 501,
  orderItemId: 'item-1',
  productId: 104,
  productDefinitionId: 1041,
  personId: 1,
  keycardId: 11,
};
const lastSeason = {
  ...seasonPass,
  id: '301-item-1-1',
  status: 'EXPIRED',
  validFrom: '2025-11-30T23:00:00.000Z',
  expiresAt: '2026-04-30T22:00:00.000Z',
  renews: false,
  orderId: 301,
  keycardId: null,
};
const catalogue = [
  { slug: 'passes', name: 'Passes', products: [{ id: 104, name: 'Alpenhorn season pass' }] },
];
const keycard = {
  id: 11,
  personId: 1,
  type: 'SWISSPASS',
  clientKey: 'PASS:SWISSPASS',
  status: 'ACTIVE',
  dataCarrierId: 'S12345678901',
  fields: {},
  createdAt: '2026-11-01T10:00:00.000Z',
};

let api: ReturnType<typeof mockApiFetch>;
let subscriptions: Record<string, unknown>[];

function fakeSubscriptionApi(call: ApiCall): ApiAnswer | undefined {
  if (call.path === '/auth/session') return { status: 200, body: signedInSession };
  if (call.path === '/products/catalog/') return { status: 200, body: catalogue };
  if (call.path === '/keycards') return { status: 200, body: [keycard] };
  if (call.path === '/subscriptions') {
    const statuses = new URLSearchParams(call.search).get('status')?.split(',');
    return {
      status: 200,
      body: subscriptions.filter(
        (subscription) => !statuses || statuses.includes(String(subscription.status)),
      ),
    };
  }
  const [, id, action] = /^\/subscriptions\/([^/]+)\/(cancel|activate)$/.exec(call.path) ?? [];
  if (id && call.method === 'PATCH') {
    const found = subscriptions.find((subscription) => subscription.id === id);
    if (!found) return { status: 404, body: { code: 'SUBSCRIPTION_NOT_FOUND', errors: [] } };
    if (found.status === 'EXPIRED')
      return { status: 409, body: { code: 'SUBSCRIPTION_EXPIRED', errors: [] } };
    found.renews = action === 'activate';
    return { status: 200, body: found };
  }
  return undefined;
}

beforeEach(() => {
  subscriptions = [{ ...seasonPass }, { ...lastSeason }];
  api = mockApiFetch(fakeSubscriptionApi);
});
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

const subscriptionCalls = () =>
  api.calls.filter((call) => call.method === 'GET' && call.path === '/subscriptions');

describe('the subscriptions page', () => {
  it('lists each subscription with its status, period, keycard and renewal', async () => {
    renderRoute(atAddress('/de/profile/subscriptions'));
    const [current, expired] = (
      await screen.findAllByRole('heading', { level: 3, name: 'Alpenhorn season pass' })
    ).map((heading) => heading.closest('li')!);
    expect(within(current!).getByText('Aktiv')).toBeTruthy();
    expect(within(current!).getByText('01.12.2026 bis 30.04.2027')).toBeTruthy();
    expect(within(current!).getByText('SwissPass S12345678901')).toBeTruthy();
    expect(within(current!).getByText('Erneuert sich automatisch')).toBeTruthy();
    expect(within(expired!).getByText('Abgelaufen')).toBeTruthy();
    expect(within(expired!).getByText('keine')).toBeTruthy();
    expect(within(expired!).queryByRole('button')).toBeNull();
    expect(subscriptionCalls()[0]?.search).toBe('?page=0&limit=20');
    expect(subscriptionCalls()[0]?.authorization).toBe(`Bearer ${SESSION_ACCESS_TOKEN}`);
  });

  it('coming from a paid order, says its subscription is on its way and asks again until it is listed', async () => {
    subscriptions = [{ ...lastSeason }];
    renderRoute(atAddress('/en/profile/subscriptions?order=501'));
    expect(
      await screen.findByText('Your new subscription is being set up; it appears here in a moment.'),
    ).toBeTruthy();
    expect(screen.queryByText('You have no subscriptions yet.')).toBeNull();
    subscriptions = [{ ...seasonPass }, { ...lastSeason }];
    await waitFor(
      () =>
        expect(screen.getAllByRole('heading', { level: 3, name: 'Alpenhorn season pass' })).toHaveLength(2),
      { timeout: 8000 },
    );
    expect(screen.queryByText(/being set up/)).toBeNull();
    const asked = subscriptionCalls().length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // listed: no more asking
    expect(subscriptionCalls().length).toBe(asked);
  });

  it('filters by status through the address', async () => {
    const { router } = renderRoute(atAddress('/en/profile/subscriptions'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Expired' }));
    await waitFor(() => expect(subscriptionCalls().at(-1)?.search).toBe('?page=0&limit=20&status=EXPIRED'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('EXPIRED');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(1));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Not started yet' }));
    await waitFor(() =>
      expect(subscriptionCalls().at(-1)?.search).toBe('?page=0&limit=20&status=PENDING%2CEXPIRED'),
    );
  });

  it('says so when no subscription has the chosen status', async () => {
    renderRoute(atAddress('/fr/profile/subscriptions?status=PENDING'));
    expect(await screen.findByText('Aucun abonnement avec le statut choisi.')).toBeTruthy();
  });

  it('stops and restarts the renewal', async () => {
    renderRoute(atAddress('/en/profile/subscriptions?status=ACTIVE'));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop renewal of Alpenhorn season pass' }));
    expect(await screen.findByText('The subscription will not renew. It stays valid until it expires.')).toBe(
      document.activeElement,
    );
    expect(await screen.findByText('Ends when it expires')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual([
      '/subscriptions/501-item-1-1/cancel',
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Renew Alpenhorn season pass again' }));
    expect(await screen.findByText('The subscription renews again.')).toBeTruthy();
    expect(await screen.findByText('Renews automatically')).toBeTruthy();
  });

  it('explains the server’s refusal of an expired subscription', async () => {
    subscriptions = [{ ...seasonPass, status: 'EXPIRED' }];
    // the list still shows it as active (read a moment before it expired): the server has the last word
    api.restore();
    api = mockApiFetch((call) =>
      call.path === '/subscriptions' ? { status: 200, body: [{ ...seasonPass }] } : fakeSubscriptionApi(call),
    );
    renderRoute(atAddress('/en/profile/subscriptions'));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop renewal of Alpenhorn season pass' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This subscription has expired and can no longer be changed.',
    );
  });
});
