import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { orderJson } from '../../../test/support/checkout-fixtures';

// the shared machine runs several suites at once: give the first lazy page load time

jest.mock('../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  jest.mocked(leaveShopFor).mockClear();
  window.history.replaceState(null, '', '/');
});

const summary = (id: number, status: string, paymentStatus: string | null) => ({
  id,
  checkoutId: '2f1e6c1a-8c1b-5d7e-9a3f-0b4c5d6e7f80',
  status,
  paymentStatus,
  type: 'ONE_TIME',
  createdAt: '2026-11-20T09:15:00.000Z',
  refno: `AP-00000${id}-1`,
  total: { amount: 4250 + id, currency: 'CHF' },
});

/** 45 orders of alice: 20 a page; PAID ones are every third. */
const allOrders = Array.from({ length: 45 }, (_, index) =>
  index % 3 === 0 ? summary(index + 1, 'PAID', 'PAID') : summary(index + 1, 'RESERVED', 'PENDING'),
);

function serveOrders(session: { status: number; body: unknown } = { status: 404, body: {} }) {
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return session;
    if (call.method !== 'GET' || call.path !== '/orders') return undefined;
    const query = new URLSearchParams(call.search);
    const statuses = query.get('status')?.split(',');
    const matching = allOrders.filter((order) => !statuses || statuses.includes(order.status));
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    return {
      status: 200,
      body: { items: matching.slice(page * limit, (page + 1) * limit), page, limit, total: matching.length },
    };
  });
}

const orderCalls = () => api.calls.filter((call) => call.path === '/orders');

describe('the orders page', () => {
  it('lists a customer’s orders with the token as a bearer, 20 a page, and pages on', async () => {
    serveOrders();
    const { router } = renderRoute(atAddress(`/en/orders?token=${CUSTOMER_TOKEN}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    expect(await screen.findByText('45 orders')).toBeTruthy();
    const list = screen.getByRole('list', { name: '' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Order AP-000001-1' }).getAttribute('href')).toBe(
      `/en/orders/1?token=${CUSTOMER_TOKEN}`,
    );
    expect(first.textContent).toContain('Paid');
    expect(first.textContent).toContain('Payment received');
    expect(first.textContent).toMatch(/CHF.42\.51/);
    expect(orderCalls()[0]).toMatchObject({
      search: '?page=0&limit=20',
      authorization: `Bearer ${CUSTOMER_TOKEN}`,
    });
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await screen.findByRole('link', { name: 'Order AP-0000021-1' });
    expect(orderCalls().at(-1)?.search).toBe('?page=1&limit=20');
    expect(router.state.location.search).toBe(`?token=${CUSTOMER_TOKEN}&page=1`);
  });

  it('filters by status, back on the first page, and says when nothing matches', async () => {
    serveOrders();
    renderRoute(atAddress(`/de/orders?token=${CUSTOMER_TOKEN}&page=1`));
    await screen.findByText('Seite 2 von 3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bezahlt' }));
    expect(await screen.findByText('15 Bestellungen')).toBeTruthy();
    expect(orderCalls().at(-1)?.search).toBe('?page=0&limit=20&status=PAID');
    expect(screen.queryByRole('navigation', { name: 'Seiten der Bestellungen' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Storniert' }));
    await waitFor(() => expect(orderCalls().at(-1)?.search).toBe('?page=0&limit=20&status=PAID%2CCANCELLED'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bezahlt' }));
    expect(await screen.findByText('Keine Bestellungen mit dem gewählten Status.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Alle zeigen' }));
    expect(await screen.findByText('45 Bestellungen')).toBeTruthy();
  });

  it.each([
    ['while /api/auth is missing (404)', 404, {}],
    ['when the sign-in service answers no session', 200, {}],
  ])(
    'sends a visitor without session or token to the shop’s translated sign-in page %s',
    async (_case, status, body) => {
      serveOrders({ status, body });
      const { router } = renderRoute(atAddress('/fr/orders?status=PAID'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Se connecter' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/fr/auth-selector');
      const query = new URLSearchParams(router.state.location.search);
      expect(query.get('error')).toBe('SessionRequired');
      expect(query.get('callbackUrl')).toBe('http://localhost/fr/orders?status=PAID');
      expect(screen.getByRole('alert').textContent).toBe('Veuillez vous connecter pour voir cette page.');
      expect(orderCalls()).toEqual([]);
      expect(leaveShopFor).not.toHaveBeenCalled();
    },
  );

  it('lets a signed-in customer in on their session', async () => {
    serveOrders({ status: 200, body: { user: { id: 'alice' }, expires: '2030-01-01T00:00:00.000Z' } });
    renderRoute(atAddress('/en/orders'));
    expect(await screen.findByText('45 orders')).toBeTruthy();
    expect(orderCalls()[0]?.authorization).toBeNull();
  });
});

describe('an order just paid', () => {
  it('is asked for again while the list still shows it on its way, until the read model has caught up', async () => {
    // the list is a read model a moment behind the order: first still pending, then paid
    let answers = 0;
    api = mockApiFetch((call: ApiCall) => {
      if (call.path === '/auth/session') return { status: 404, body: {} };
      if (call.method !== 'GET' || call.path !== '/orders') return undefined;
      answers += 1;
      const order = answers === 1 ? summary(7, 'PENDING', 'PENDING') : summary(7, 'PAID', 'PAID');
      return { status: 200, body: { items: [order], page: 0, limit: 20, total: 1 } };
    });
    renderRoute(atAddress(`/fr/orders?token=${CUSTOMER_TOKEN}`));
    const line = (await screen.findByRole('link', { name: 'Commande AP-000007-1' })).closest('li')!;
    expect(within(line).getByText('Paiement en cours')).toBeTruthy();
    expect(await within(line).findByText('Payée', {}, { timeout: 5000 })).toBeTruthy();
    const calls = orderCalls().length;
    // nothing on its way any more: no more asking
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(orderCalls()).toHaveLength(calls);
  }, 15_000);
});

describe('the order page for a customer', () => {
  it('shows when it was ordered, the payment status and the way back to the orders, keeping the token', async () => {
    api = mockApiFetch((call) => {
      if (call.path.startsWith('/products')) return { status: 200, body: [] };
      if (call.path === '/orders/42') return { status: 200, body: orderJson('RESERVED') };
      return undefined;
    });
    renderRoute(atAddress(`/de/orders/42?token=${CUSTOMER_TOKEN}`));
    expect(await screen.findByText('Zahlung offen')).toBeTruthy();
    expect(screen.getByText('Bestellt am').nextElementSibling?.textContent).toMatch(/23\. November 2026/);
    expect(screen.getByRole('link', { name: 'Meine Bestellungen' }).getAttribute('href')).toBe(
      `/de/orders?token=${CUSTOMER_TOKEN}`,
    );
    expect(api.calls.find((call) => call.path === '/orders/42')?.authorization).toBe(
      `Bearer ${CUSTOMER_TOKEN}`,
    );
  });
});
