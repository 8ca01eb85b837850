import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall, type ApiHandler } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { ITEM_ID, ORDER_ID, orderJson, problemJson } from '../../../test/support/checkout-fixtures';
import { openDocument } from './open-document';

jest.mock('./open-document', () => ({ openDocument: jest.fn() }));

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  jest.mocked(openDocument).mockClear();
  window.history.replaceState(null, '', '/');
});

const TICKET_A = '11111111-1111-4111-8111-111111111111';
const TICKET_B = '22222222-2222-4222-8222-222222222222';
const ticket = (id: string, personIndex: number, status: string) => ({
  id,
  orderId: ORDER_ID,
  orderItemId: ITEM_ID,
  productId: 103,
  productDefinitionId: 1031,
  personId: null,
  personIndex,
  personCount: 2,
  slotId: 7,
  validity: { from: '2026-12-01T09:00:00.000Z', to: '2026-12-01T09:30:00.000Z' },
  day: '2026-12-01',
  status,
  code: 'AQ',
  issuedAt: '2026-11-23T12:00:00.000Z',
});
const paidOrder = (overrides: Record<string, unknown> = {}) =>
  orderJson('PAID', {
    paymentStatus: 'PAID',
    paymentMethod: 'CARD',
    accessToken: undefined,
    refunds: [],
    cancellationReason: null,
    ...overrides,
  });
const callsTo = (method: string, path: string): ApiCall[] =>
  api.calls.filter((call) => call.method === method && call.path === path);

/** A paid order with two tickets; blocking and cancelling change what the server answers next. */
function orderServer(
  cancel: (call: ApiCall) => { status: number; body: unknown } | undefined = () => undefined,
): ApiHandler {
  let order = paidOrder();
  let tickets = [ticket(TICKET_A, 1, 'VALID'), ticket(TICKET_B, 2, 'VALID')];
  return (call) => {
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`) return { status: 200, body: order };
    if (call.method === 'GET' && call.path === '/keycards/tickets/') return { status: 200, body: tickets };
    if (call.method === 'POST' && call.path === `/keycards/tickets/${TICKET_B}/block`) {
      tickets = tickets.map((one) => (one.id === TICKET_B ? { ...one, status: 'BLOCKED' } : one));
      return { status: 200, body: tickets[1] };
    }
    if (call.method === 'GET' && call.path === '/templates/ticket-url')
      return {
        status: 200,
        body: {
          url: `/api/documents/orders/${ORDER_ID}/tickets.pdf?lang=en&exp=1&sig=abc`,
          expiresAt: '2026-11-23T12:05:00.000Z',
        },
      };
    if (call.method === 'GET' && call.path === '/templates/receipt-url')
      return { status: 409, body: problemJson(409, 'RECEIPT_NOT_AVAILABLE') };
    if (call.method === 'POST' && call.path === `/orders/${ORDER_ID}/cancel`) {
      const refused = cancel(call);
      if (refused) return refused;
      const onlineCredit = (call.body as { onlineCredit: boolean }).onlineCredit;
      order = paidOrder({
        status: 'REFUNDED',
        paymentStatus: 'REFUNDED',
        cancellationReason: 'ITEMS_CANCELLED',
        items: paidOrder().items.map((item) => ({ ...item, cancelled: true, refundedAmount: 6400 })),
        refunds: [
          {
            id: 1,
            amount: 6400,
            currency: 'CHF',
            destination: onlineCredit ? 'ONLINE_CREDIT' : 'CARD',
            status: 'PENDING',
            reason: null,
            requestedBy: 'CUSTOMER',
            lines: [],
            reference: null,
            lastError: null,
            requestedAt: '2026-11-23T12:10:00.000Z',
            updatedAt: '2026-11-23T12:10:00.000Z',
          },
        ],
      });
      tickets = tickets.map((one) => ({ ...one, status: 'CANCELLED' }));
      return { status: 200, body: order };
    }
    return undefined;
  };
}

async function openOrder(
  path = `/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`,
  ticketsHeading = 'Your tickets',
) {
  atAddress(path);
  renderRoute(path);
  await screen.findByRole('heading', { level: 2, name: ticketsHeading });
}

describe('the order page after the sale', () => {
  it('lists the tickets with their status and asks before blocking a lost one', async () => {
    api = mockApiFetch(orderServer());
    await openOrder();
    await waitFor(() => expect(document.querySelector('.ticket-list')).not.toBeNull());
    const list = document.querySelector('.ticket-list') as HTMLElement;
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(2));
    expect(within(list).getAllByText('Valid')).toHaveLength(2);
    expect(within(list).getByText(/#1031, person 2 of 2, valid on Dec 1, 2026/)).toBeTruthy();
    expect(callsTo('GET', '/keycards/tickets/')[0]?.search).toBe(`?orderId=${ORDER_ID}`);

    const blockSecond = screen.getByRole('button', { name: 'Lost? Block this ticket: #1031, person 2 of 2' });
    fireEvent.click(blockSecond);
    const dialog = await screen.findByRole('alertdialog', { name: /Block this ticket\?/ });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo('POST', `/keycards/tickets/${TICKET_B}/block`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Lost? Block this ticket: #1031, person 2 of 2' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, block the ticket' }),
    );
    await waitFor(() => expect(within(list).getByText('Blocked')).toBeTruthy());
    expect(callsTo('POST', `/keycards/tickets/${TICKET_B}/block`)).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Lost\? Block this ticket/ })).toHaveLength(1);
  });

  it('names the holder on a personalised ticket instead of "person 1 of 1"', async () => {
    const server = orderServer();
    const personal = {
      ...ticket(TICKET_A, 1, 'VALID'),
      personId: 5,
      personCount: 1,
      holderName: 'Sina Saison',
    };
    api = mockApiFetch((call) =>
      call.method === 'GET' && call.path === '/keycards/tickets/'
        ? { status: 200, body: [personal] }
        : server(call),
    );
    await openOrder();
    const list = await waitFor(() => document.querySelector('.ticket-list') as HTMLElement);
    await waitFor(() =>
      expect(within(list).getByText(/#1031, Sina Saison, valid on Dec 1, 2026/)).toBeTruthy(),
    );
    expect(within(list).queryByText(/person 1 of 1/)).toBeNull();
  });

  it('downloads the tickets through a fresh signed link in the page’s language, and says why the receipt is not there', async () => {
    api = mockApiFetch(orderServer());
    await openOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Download tickets (PDF)' }));
    await waitFor(() =>
      expect(openDocument).toHaveBeenCalledWith(
        `/api/documents/orders/${ORDER_ID}/tickets.pdf?lang=en&exp=1&sig=abc`,
      ),
    );
    expect(callsTo('GET', '/templates/ticket-url')[0]?.search).toBe(`?orderId=${ORDER_ID}&language=en`);
    fireEvent.click(screen.getByRole('button', { name: 'Download receipt (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The receipt is available once the order is paid.',
    );
    expect(openDocument).toHaveBeenCalledTimes(1);
  });

  it('cancels the chosen items with the refund to online credit and shows the new status and the refund', async () => {
    api = mockApiFetch(orderServer());
    await openOrder();
    const form = (await screen.findByRole('heading', { level: 2, name: 'Cancel items' })).closest(
      'section',
    ) as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel the chosen items' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please choose at least one item.');
    expect(callsTo('POST', `/orders/${ORDER_ID}/cancel`)).toHaveLength(0);

    fireEvent.click(within(form).getByRole('checkbox', { name: /2 × #1031/ }));
    fireEvent.click(
      within(form).getByRole('radio', { name: 'My online credit (usable for my next orders)' }),
    );
    fireEvent.change(within(form).getByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Storm forecast' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel the chosen items' }));
    expect(await screen.findByText('Refunded.')).toBeTruthy();
    expect(callsTo('POST', `/orders/${ORDER_ID}/cancel`)[0]?.body).toEqual({
      orderItemIds: [ITEM_ID],
      onlineCredit: true,
      reason: 'Storm forecast',
    });
    const refunds = (await screen.findByRole('heading', { level: 2, name: 'Refunds' })).closest(
      'section',
    ) as HTMLElement;
    expect(refunds.textContent).toMatch(/64\.00 to your online credit: in progress/);
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: /Lost\? Block this ticket/ })).toHaveLength(0),
    );
  });

  it('shows the cut-off refusal and leaves the order as it was', async () => {
    api = mockApiFetch(
      orderServer(() => ({ status: 409, body: problemJson(409, 'CANCELLATION_CUTOFF_PASSED') })),
    );
    await openOrder(`/de/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`, 'Ihre Tickets');
    const form = (await screen.findByRole('heading', { level: 2, name: 'Positionen stornieren' })).closest(
      'section',
    ) as HTMLElement;
    fireEvent.click(within(form).getByRole('checkbox', { name: /2 × #1031/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Gewählte Positionen stornieren' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe(
      'Diese Positionen können nicht mehr online storniert werden: Die Stornierungsfrist ist abgelaufen. Bitte wenden Sie sich an die Kasse.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByText('Bezahlt. Vielen Dank!')).toBeTruthy();
    expect(callsTo('POST', `/orders/${ORDER_ID}/cancel`)[0]?.body).toEqual({
      orderItemIds: [ITEM_ID],
      onlineCredit: false,
    });
  });

  it('offers a guest no online credit and cancels a reservation as a whole', async () => {
    let order = orderJson('RESERVED', { refunds: [] });
    api = mockApiFetch((call) => {
      if (call.path.startsWith('/products')) return { status: 200, body: [] };
      if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`) return { status: 200, body: order };
      if (call.method === 'POST' && call.path === `/orders/${ORDER_ID}/cancel`) {
        order = orderJson('CANCELLED', { refunds: [], paymentStatus: 'CANCELLED' });
        return { status: 200, body: order };
      }
      return undefined;
    });
    const path = `/en/orders/${ORDER_ID}?token=guest-token`;
    atAddress(path);
    renderRoute(path);
    const form = (await screen.findByRole('heading', { level: 2, name: 'Cancel items' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(form).getByText('A reservation is cancelled as a whole.')).toBeTruthy();
    const item = within(form).getByRole('checkbox', { name: /2 × #1031/ });
    expect(item).toHaveProperty('checked', true);
    expect(item).toHaveProperty('disabled', true);
    expect(within(form).queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your tickets' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel the chosen items' }));
    expect(await screen.findByText('Cancelled.')).toBeTruthy();
    expect(callsTo('POST', `/orders/${ORDER_ID}/cancel`)[0]).toMatchObject({
      body: { orderItemIds: [ITEM_ID], onlineCredit: false },
      search: '?token=guest-token',
    });
  });
});
