import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOMER_TOKEN } from '../../../test/support/customer-token';
import { mockApiFetch } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { ORDER_ID, orderJson, problemJson } from '../../../test/support/checkout-fixtures';
import { PAYMENT_UNDER_WAY_POLL_MS } from './open-order-actions';

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

function openOrderPage(
  path: string,
  order: Record<string, unknown>,
  resumeAnswer?: { status: number; body: unknown },
) {
  let current = order;
  api = mockApiFetch((call) => {
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`) return { status: 200, body: current };
    if (call.method === 'POST' && call.path === `/orders/${ORDER_ID}/abandon`) {
      current = { ...order, status: 'CANCELLED', cancellationReason: 'ABANDONED' };
      return { status: 200, body: current };
    }
    if (call.method === 'POST' && call.path === `/orders/${ORDER_ID}/payment/resume`) return resumeAnswer;
    return undefined;
  });
  window.history.replaceState(null, '', path);
  renderRoute(path);
  return { orderBecomes: (next: Record<string, unknown>) => (current = next) };
}

describe('an unpaid order on its order page', () => {
  it('says the payment was cancelled and lets the guest cancel the order after confirming', async () => {
    openOrderPage(`/de/orders/${ORDER_ID}?token=guest-token`, {
      ...orderJson('CREATED'),
      paymentStatus: 'FAILED',
      paymentFailureReason: 'CANCELED',
    });
    expect(await screen.findByText(/Sie haben die Zahlung abgebrochen/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Jetzt bezahlen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bestellung stornieren' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ja, Bestellung stornieren' }));
    expect(await screen.findByText(/Die Bestellung ist storniert/)).toBeTruthy();
    const abandon = api.calls.find((call) => call.path === `/orders/${ORDER_ID}/abandon`);
    expect(abandon?.search).toBe('?token=guest-token');
    expect(screen.queryByRole('button', { name: 'Jetzt bezahlen' })).toBeNull();
  });

  it('asks the shop for the payment page with return addresses on this shop, and explains a refusal', async () => {
    openOrderPage(
      `/fr/orders/${ORDER_ID}?token=guest-token`,
      { ...orderJson('PENDING'), paymentStatus: 'PENDING' },
      { status: 409, body: problemJson(409, 'ORDER_ALREADY_PAID') },
    );
    expect(await screen.findByText(/Un paiement a été commencé/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Payer maintenant' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Cette commande a été payée entre-temps.',
    );
    const resume = api.calls.find((call) => call.path === `/orders/${ORDER_ID}/payment/resume`);
    expect(resume?.body).toMatchObject({
      redirectUrls: { cancel: expect.stringContaining('/fr/checkout/') },
    });
  });

  it("follows a payment under way: the provider's answer shows up without a reload", async () => {
    const page = openOrderPage(`/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`, {
      ...orderJson('PENDING'),
      paymentStatus: 'PENDING',
    });
    expect(await screen.findByText(/A payment was started/)).toBeTruthy();
    // the provider's notification lands: the order is payable again, the payment cancelled on its page
    page.orderBecomes({ ...orderJson('CREATED'), paymentStatus: 'FAILED', paymentFailureReason: 'CANCELED' });
    await waitFor(() => expect(screen.getByText(/You cancelled the payment/)).toBeTruthy(), {
      timeout: PAYMENT_UNDER_WAY_POLL_MS * 3,
    });
  }, 15_000);

  it('says why an order was cancelled at the payment timeout', async () => {
    openOrderPage(`/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`, {
      ...orderJson('CANCELLED'),
      cancellationReason: 'PAYMENT_TIMEOUT',
    });
    await waitFor(() => expect(screen.getByText(/The payment did not arrive in time/)).toBeTruthy());
  });
});
