import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { ITEM_ID, ORDER_ID, orderJson } from '../../../test/support/checkout-fixtures';

const SECOND_ITEM_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const chf = (amount: number) => ({ amount, currency: 'CHF' });
const ticket = (id: string, orderItemId: string, usedAt: string | null) => ({
  id,
  orderId: ORDER_ID,
  orderItemId,
  productId: 101,
  productDefinitionId: 1011,
  personId: null,
  personIndex: 1,
  personCount: 1,
  slotId: null,
  validity: { from: '2026-12-20T00:00:00.000+01:00', to: '2026-12-20T23:59:59.999+01:00' },
  day: '2026-12-20',
  status: 'VALID',
  code: 'AQ',
  issuedAt: '2026-11-23T12:00:00.000Z',
  usedAt,
});
const dayPass = (id: string) => ({
  ...orderJson('PAID').items[0],
  id,
  productId: 101,
  productDefinitionId: 1011,
  slotId: null,
  quantity: 1,
  price: chf(6900),
  unitPrice: { ...chf(6900), source: 'pricing' },
  validity: { from: '2026-12-20T00:00:00.000+01:00', to: '2026-12-20T23:59:59.999+01:00' },
  cancelled: false,
  refundedAmount: 0,
});
const products = [
  {
    id: 101,
    name: 'Day pass',
    pool: { timezone: 'Europe/Zurich' },
    productDefinitions: [{ id: 1011, attributes: {} }],
  },
];

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

describe('tickets a gate has used (syncAxessUsedTickets)', () => {
  it('say when they were used, cannot be blocked, and their item is not offered for cancelling', async () => {
    const order = orderJson('PAID', {
      paymentStatus: 'PAID',
      paymentMethod: 'CARD',
      items: [dayPass(ITEM_ID), dayPass(SECOND_ITEM_ID)],
      total: chf(13800),
      refunds: [],
      cancellationReason: null,
      accessToken: undefined,
    });
    api = mockApiFetch((call: ApiCall) => {
      if (call.path === '/products') return { status: 200, body: products };
      if (call.path === `/orders/${ORDER_ID}`) return { status: 200, body: order };
      if (call.path === '/keycards/tickets/')
        return {
          status: 200,
          body: [
            ticket('11111111-1111-4111-8111-111111111111', ITEM_ID, '2026-12-20T08:05:00.000Z'),
            ticket('22222222-2222-4222-8222-222222222222', SECOND_ITEM_ID, null),
          ],
        };
      return undefined;
    });
    renderRoute(atAddress(`/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`));
    await screen.findByRole('heading', { level: 2, name: 'Your tickets' });
    await waitFor(() => expect(document.querySelectorAll('.ticket-list li')).toHaveLength(2));
    const [used, unused] = [...document.querySelectorAll<HTMLElement>('.ticket-list li')];
    expect(used?.querySelector('.ticket-status')?.textContent).toBe('Used on Dec 20, 2026, 09:05');
    expect(within(used!).queryByRole('button')).toBeNull();
    expect(within(unused!).getByRole('button', { name: /Lost\? Block this ticket/ })).toBeTruthy();
    const cancel = (await screen.findByRole('heading', { level: 2, name: 'Cancel items' })).closest(
      'section',
    )!;
    expect(within(cancel).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.click(within(cancel).getByRole('checkbox'));
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancel the chosen items' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { orderItemIds: [SECOND_ITEM_ID], onlineCredit: false },
      ]),
    );
  });
});
