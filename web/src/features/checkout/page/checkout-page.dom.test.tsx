import { fireEvent, screen, waitFor } from '@testing-library/react';
import { leaveShopFor } from '../../../lib/navigation/leave-shop';
import { mockApiFetch, type ApiCall, type ApiHandler } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { BASKET_ID_KEY } from '../../basket/state/basket-id';
import { basketJson, gondolaEntry } from '../../../../test/support/basket-page-fixtures';
import {
  BASKET_ID,
  CHECKOUT_ID,
  checkoutJson,
  ORDER_ID,
  orderJson,
  problemJson,
} from '../../../../test/support/checkout-fixtures';

jest.mock('../../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

let api: ReturnType<typeof mockApiFetch>;
/** §6 enableCheckoutCommentInput as GET /clients/current serves it (off by default, as in the shop) */
let commentInput = false;
const serve = (handler: ApiHandler) => {
  api = mockApiFetch((call) => {
    if (call.path === '/clients/current')
      return {
        status: 200,
        body: { id: 1, name: 'Alpenpass', featureFlags: { enableCheckoutCommentInput: commentInput } },
      };
    return call.path.startsWith('/products') ? { status: 200, body: [] } : handler(call);
  });
};
afterEach(() => {
  api.restore();
  commentInput = false;
});

const callsTo = (method: string, path: string): ApiCall[] =>
  api.calls.filter((call) => call.method === method && call.path === path);
const checkoutPath = `/checkout/${CHECKOUT_ID}`;

/** The checkout as it stands after each answered call. */
function checkoutServer(payment: (call: ApiCall) => { status: number; body: unknown }): ApiHandler {
  let values: Record<string, unknown> = {};
  return (call) => {
    if (call.method === 'GET' && call.path === checkoutPath)
      return { status: 200, body: checkoutJson('CREATED', values) };
    if (call.method === 'POST' && call.path === `${checkoutPath}/checkout-conditions`) {
      values = (call.body as { formValues: Record<string, unknown> }).formValues;
      return { status: 200, body: checkoutJson('CREATED', values) };
    }
    if (call.method === 'PATCH' && call.path === checkoutPath)
      return { status: 200, body: checkoutJson('CREATED', values) };
    if (call.method === 'POST' && call.path === `${checkoutPath}/payment`) return payment(call);
    if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`)
      return { status: 200, body: orderJson('RESERVED') };
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`)
      return { status: 200, body: basketJson([gondolaEntry('g', 1)], { id: BASKET_ID }) };
    return undefined;
  };
}

const reserved = () => ({
  status: 200,
  body: { checkout: checkoutJson('RESERVED', { acceptTerms: true }), redirectUrl: null },
});

async function openCheckout() {
  const view = renderRoute(`/en/checkout/${CHECKOUT_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await screen.findByRole('heading', { level: 3, name: /2 × #1031/ });
  return view;
}

describe('the checkout page', () => {
  it('shows the frozen items and total, and the conditions with the required one marked', async () => {
    serve(checkoutServer(reserved));
    await openCheckout();
    expect(screen.getByText('CHF 64.00', { selector: '.entry-price' })).toBeTruthy();
    expect(screen.getByText('CHF 64.00', { selector: '.basket-total strong' })).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /I accept the terms and conditions/ });
    expect(terms.getAttribute('required')).not.toBeNull();
    expect(
      screen.getByLabelText(/I accept the terms and conditions/).closest('label')?.textContent,
    ).toContain('(required)');
    expect(screen.getByRole('textbox', { name: 'Note for the staff' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Pay on site at the ticket desk' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it("asks in the page's language and prints each item as the server's line reads", async () => {
    const withLine = () => {
      const checkout = checkoutJson('CREATED');
      const [item, ...rest] = checkout.order.items;
      const line = {
        text: 'Gipfelgondel, Adult, Sat 05.12.2026, 08:30–12:00',
        personType: 'Adult',
        dates: 'Sat 05.12.2026',
        days: 1,
        slot: '08:30–12:00',
      };
      return { ...checkout, order: { ...checkout.order, items: [{ ...item!, line }, ...rest] } };
    };
    serve((call) =>
      call.method === 'GET' && call.path === checkoutPath ? { status: 200, body: withLine() } : undefined,
    );
    renderRoute(`/en/checkout/${CHECKOUT_ID}`);
    await screen.findByRole('heading', {
      level: 3,
      name: '2 × Gipfelgondel, Adult, Sat 05.12.2026, 08:30–12:00',
    });
    expect(callsTo('GET', checkoutPath).map((call) => call.search)).toContain('?language=en');
  });

  it('asks for the terms before anything is sent, and focuses the checkbox', async () => {
    serve(checkoutServer(reserved));
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Please answer this field.')).toBeTruthy();
    const terms = screen.getByRole('checkbox', { name: /I accept the terms/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(terms));
    expect(callsTo('POST', `${checkoutPath}/checkout-conditions`)).toHaveLength(0);
    expect(callsTo('POST', `${checkoutPath}/payment`)).toHaveLength(0);
  });

  it('shows the server’s refusal of an answer at its field', async () => {
    serve((call) =>
      call.path === `${checkoutPath}/checkout-conditions`
        ? {
            status: 400,
            body: problemJson(400, 'VALIDATION_FAILED', [
              { path: 'body.formValues.noteForStaff', message: 'Too big: expected at most 500 characters' },
            ]),
          }
        : checkoutServer(reserved)(call),
    );
    await openCheckout();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note for the staff' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(
      await screen.findByText('Please check this answer (Too big: expected at most 500 characters).'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note for the staff' })),
    );
    expect(callsTo('POST', `${checkoutPath}/payment`)).toHaveLength(0);
  });

  it('shows no comment field and sends no comment while the shop takes none (enableCheckoutCommentInput off)', async () => {
    serve(checkoutServer(reserved));
    await openCheckout();
    // the shop's settings have answered (the page may read them more than once)
    await waitFor(() => expect(callsTo('GET', '/clients/current').length).toBeGreaterThan(0));
    expect(screen.queryByRole('textbox', { name: /Comment for our staff/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeTruthy();
    expect(callsTo('PATCH', checkoutPath)).toHaveLength(0);
    expect(callsTo('POST', `${checkoutPath}/payment`)).toHaveLength(1);
  });

  it('pays on site: the answers are sent, the basket is cleared and the reserved order is shown with its token', async () => {
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    commentInput = true;
    serve(checkoutServer(reserved));
    const { router } = await openCheckout();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Comment for our staff/ }), {
      target: { value: 'We come by bus' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your order' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/en/orders/${ORDER_ID}`);
    expect(router.state.location.search).toBe('?token=guest-token');
    expect(await screen.findByText('Reserved: please pay at the ticket desk.')).toBeTruthy();
    expect(screen.getByText('Order number AP-0000042-7')).toBeTruthy();
    expect(callsTo('POST', `${checkoutPath}/checkout-conditions`)[0]?.body).toEqual({
      formValues: { acceptTerms: true },
    });
    expect(callsTo('PATCH', checkoutPath)[0]?.body).toEqual({ comment: 'We come by bus' });
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toEqual({ intent: 'onSite' });
    expect(localStorage.getItem(BASKET_ID_KEY)).toBeNull();
  });

  it('explains that card payment is not available yet (503), asking for the shop’s return page', async () => {
    serve(checkoutServer(() => ({ status: 503, body: problemJson(503, 'PAYMENT_PROVIDER_UNAVAILABLE') })));
    await openCheckout();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pay online by card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Card payment is not available yet. Please choose to pay on site.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    const page = `http://localhost/en/checkout/${CHECKOUT_ID}/return`;
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toEqual({
      intent: 'new',
      type: 'CARD',
      redirectUrls: { success: page, error: `${page}?result=error`, cancel: `${page}?result=cancel` },
    });
  });

  it('follows the provider’s redirect when the server starts a card payment', async () => {
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    serve(
      checkoutServer(() => ({
        status: 200,
        body: {
          checkout: checkoutJson('PENDING', { acceptTerms: true }),
          redirectUrl: 'https://pay.example.ch/start/abc',
        },
      })),
    );
    await openCheckout();
    fireEvent.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pay online by card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('https://pay.example.ch/start/abc'));
    expect(localStorage.getItem(BASKET_ID_KEY)).toBe(BASKET_ID);
  });

  it('goes back to the basket: the order is given up and its entries come back in the basket, kept for the next visit', async () => {
    const reopened = '5a0e3c1d-2b4f-4c6d-8e9f-0a1b2c3d4e5f';
    serve((call) => {
      if (call.method === 'POST' && call.path === `${checkoutPath}/back-to-basket`)
        return { status: 200, body: basketJson([gondolaEntry('g', 2)], { id: reopened }) };
      if (call.method === 'GET' && call.path === `/baskets/${reopened}`)
        return { status: 200, body: basketJson([gondolaEntry('g', 2)], { id: reopened }) };
      if (call.path === '/products') return { status: 200, body: [] };
      return checkoutServer(reserved)(call);
    });
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the basket' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your basket' })).toBeTruthy();
    expect(localStorage.getItem(BASKET_ID_KEY)).toBe(reopened);
    expect(callsTo('POST', `${checkoutPath}/back-to-basket`)).toHaveLength(1);
  });

  it('says what happened when the payment was left at the provider, and that a paid order stays', async () => {
    serve((call) => {
      if (call.method === 'GET' && call.path === checkoutPath)
        return { status: 200, body: checkoutJson('PENDING', { acceptTerms: true }) };
      if (call.method === 'POST' && call.path === `${checkoutPath}/back-to-basket`)
        return { status: 409, body: problemJson(409, 'ORDER_ALREADY_PAID') };
      return checkoutServer(reserved)(call);
    });
    await openCheckout();
    expect(screen.getByText(/Your payment was not completed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the basket' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already paid or reserved/);
  });
});
