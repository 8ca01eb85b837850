import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leaveShopFor } from '../../../lib/navigation/leave-shop';
import { CUSTOMER_TOKEN, atAddress } from '../../../../test/support/customer-token';
import { mockApiFetch, type ApiCall, type ApiHandler } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import {
  CHECKOUT_ID,
  checkoutJson,
  ORDER_ID,
  orderJson,
  problemJson,
} from '../../../../test/support/checkout-fixtures';
import { savedCard } from '../../../../test/support/saved-card';

jest.mock('../../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  jest.mocked(leaveShopFor).mockClear();
  window.history.replaceState(null, '', '/');
});

const checkoutPath = `/checkout/${CHECKOUT_ID}`;
const callsTo = (method: string, path: string): ApiCall[] =>
  api.calls.filter((call) => call.method === method && call.path === path);
const chf = (amount: number) => ({ amount, currency: 'CHF' });
const promoLine = {
  id: 'promo:WINTER-2030',
  source: 'PROMO_CODE',
  reference: 'WINTER-2030',
  type: 'PROMO_CODE',
  displayName: 'Winter 10 %',
  amount: chf(640),
  entryIds: [],
  applications: 2,
};
const visa = savedCard();
const mastercard = { ...visa, id: 6, default: false, brand: 'ECA', masked: '520000xxxxxx0007' };

type OrderJson = Record<string, unknown> & { total: { amount: number; currency: string } };

/** A checkout whose order is priced again by each code and voucher, as the server answers. */
function checkoutServer(extra: ApiHandler = () => undefined): ApiHandler {
  let order: OrderJson = orderJson('CREATED', {
    subtotal: chf(6400),
    discounts: [],
    discountTotal: chf(0),
    vouchers: [],
    onlineCredit: chf(0),
    amountDue: chf(6400),
    accessToken: undefined,
  });
  const answer = () => ({
    status: 200,
    body: { ...checkoutJson('CREATED', { acceptTerms: true }), order, total: order.total },
  });
  return (call) => {
    const handled = extra(call);
    if (handled) return handled;
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    if (call.method === 'GET' && call.path === checkoutPath) return answer();
    if (call.method === 'POST' && call.path === `${checkoutPath}/checkout-conditions`) return answer();
    if (call.method === 'POST' && call.path === `${checkoutPath}/discounts`) {
      const code = (call.body as { discountCode: string }).discountCode;
      if (code === 'EXPIRED-CODE') return { status: 409, body: problemJson(409, 'PROMO_CODE_EXPIRED') };
      if (code === 'ODD-CODE')
        return { status: 409, body: { ...problemJson(409, 'SOMETHING_NEW'), detail: 'The code is odd.' } };
      order = {
        ...order,
        discounts: [promoLine],
        discountTotal: chf(640),
        total: chf(5760),
        amountDue: chf(5760),
      };
      return answer();
    }
    if (call.method === 'DELETE' && call.path === `${checkoutPath}/discounts/promo%3AWINTER-2030`) {
      order = { ...order, discounts: [], discountTotal: chf(0), total: chf(6400), amountDue: chf(6400) };
      return answer();
    }
    if (call.method === 'POST' && call.path === `${checkoutPath}/vouchers`) {
      if ((call.body as { voucherCode: string }).voucherCode === 'NOPE')
        return { status: 404, body: problemJson(404, 'VOUCHER_CODE_UNKNOWN') };
      order = {
        ...order,
        vouchers: [{ code: 'GIFT-100', amount: chf(order.total.amount) }],
        amountDue: chf(0),
      };
      return answer();
    }
    if (call.method === 'POST' && call.path === `${checkoutPath}/payment`) {
      order = { ...order, status: 'PAID', paymentStatus: 'PAID' };
      // a caller without a bearer placed it as a guest: the answer carries the token that reads it again
      const paid = answer().body;
      const readAgain = call.authorization ? {} : { accessToken: 'order-token' };
      return {
        status: 200,
        body: { checkout: { ...paid, order: { ...paid.order, ...readAgain } }, redirectUrl: null },
      };
    }
    if (call.method === 'GET' && call.path === `/orders/${ORDER_ID}`) return { status: 200, body: order };
    return undefined;
  };
}

async function openCheckout(path = `/en/checkout/${CHECKOUT_ID}`, title = 'Checkout') {
  atAddress(path);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: title });
  await screen.findByRole('heading', { level: 3, name: /2 × #1031/ });
  return view;
}

describe('promo codes and vouchers in the checkout', () => {
  it('applies a promo code: the discount line and the new total show; removing it restores the price', async () => {
    api = mockApiFetch(checkoutServer());
    await openCheckout();
    fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), {
      target: { value: ' WINTER-2030 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('The promo code has been applied.')).toBeTruthy();
    expect(callsTo('POST', `${checkoutPath}/discounts`)[0]?.body).toEqual({ discountCode: 'WINTER-2030' });
    const totals = await screen.findByText('Subtotal');
    const list = totals.closest('dl') as HTMLElement;
    await waitFor(() => expect(within(list).getByText('Winter 10 %')).toBeTruthy());
    expect(within(list).getByText('CHF 64.00')).toBeTruthy();
    expect(within(list).getByText('-CHF 6.40')).toBeTruthy();
    expect(within(list).getByText('CHF 57.60')).toBeTruthy();
    expect(screen.getByText('CHF 57.60', { selector: '.basket-total strong' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove WINTER-2030 – Winter 10 %' }));
    expect(await screen.findByText('The promo code has been removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Winter 10 %')).toBeNull());
    expect(screen.getByText('CHF 64.00', { selector: '.basket-total strong' })).toBeTruthy();
  });

  it('shows why a code is refused, in the page’s language, or the server’s words for a reason it does not know', async () => {
    api = mockApiFetch(checkoutServer());
    await openCheckout(`/de/checkout/${CHECKOUT_ID}`, 'Kasse');
    const field = screen.getByRole('textbox', { name: 'Aktionscode' });
    fireEvent.change(field, { target: { value: 'EXPIRED-CODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code einlösen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Aktionscode ist abgelaufen.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'ODD-CODE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code einlösen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Der Code konnte nicht angewendet werden (The code is odd.).',
      ),
    );
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code einlösen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Bitte geben Sie einen Aktionscode ein.'),
    );
    expect(callsTo('POST', `${checkoutPath}/discounts`)).toHaveLength(2);
  });

  it('redeems a voucher that pays everything: nothing left to pay, and placing the order pays it without a provider', async () => {
    api = mockApiFetch(checkoutServer());
    const { router } = await openCheckout();
    fireEvent.change(screen.getByRole('textbox', { name: 'Gift voucher code' }), {
      target: { value: 'NOPE' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem voucher' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This voucher code is not valid.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Gift voucher code' }), {
      target: { value: 'gift-100' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem voucher' }));
    expect(
      await screen.findByText('Vouchers and credit pay the whole order: nothing is left to pay.'),
    ).toBeTruthy();
    expect(screen.getByText('Voucher GIFT-100')).toBeTruthy();
    expect(screen.getByText('CHF 0.00', { selector: '.basket-total strong' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Pay online by card' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Paid. Thank you!')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/en/orders/${ORDER_ID}`);
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toEqual({ intent: 'onSite' });
  });
});

describe('payment methods in the checkout', () => {
  it('offers a guest a new card, TWINT and the other methods, without saved cards or "save this card"', async () => {
    api = mockApiFetch(checkoutServer());
    await openCheckout();
    for (const name of [
      'Pay online by card',
      'TWINT',
      'PayPal',
      'Reka',
      'EPS online bank transfer',
      'Sofort online bank transfer',
      'Pay on site at the ticket desk',
    ]) {
      expect(screen.getByRole('radio', { name })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('radio', { name: 'Pay online by card' }));
    expect(screen.queryByRole('checkbox', { name: 'Save this card for my next orders' })).toBeNull();
    expect(callsTo('GET', '/payments/payment-details')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: 'TWINT' }));
    api.calls.length = 0;
    jest.mocked(leaveShopFor).mockClear();
    api.restore();
    api = mockApiFetch(
      checkoutServer((call) =>
        call.path === `${checkoutPath}/payment`
          ? {
              status: 200,
              body: { checkout: checkoutJson('PENDING'), redirectUrl: 'https://pay.example.ch/twint' },
            }
          : undefined,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('https://pay.example.ch/twint'));
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toMatchObject({ intent: 'new', type: 'TWI' });
  });

  it('preselects a customer’s default card and charges it at once, keeping the customer’s token on the order page', async () => {
    api = mockApiFetch(
      checkoutServer((call) =>
        call.path === '/payments/payment-details'
          ? {
              status: 200,
              body: [
                mastercard,
                visa,
                { ...visa, id: 7, default: false, status: 'EXPIRED', masked: 'xxxx1111' },
              ],
            }
          : undefined,
      ),
    );
    const { router } = await openCheckout(`/en/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`);
    const defaultCard = await screen.findByRole('radio', {
      name: 'Visa ending in 4242, expires 12/30 (default)',
    });
    await waitFor(() => expect(defaultCard).toHaveProperty('checked', true));
    expect(screen.getByRole('radio', { name: 'Mastercard ending in 0007, expires 12/30' })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.queryByRole('radio', { name: /1111/ })).toBeNull();
    expect(callsTo('GET', '/payments/payment-details')[0]?.authorization).toBe(`Bearer ${CUSTOMER_TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Paid. Thank you!')).toBeTruthy();
    expect(leaveShopFor).not.toHaveBeenCalled();
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toMatchObject({
      intent: 'existing',
      paymentDetailId: 5,
    });
    expect(router.state.location.search).toBe(`?token=${CUSTOMER_TOKEN}`);
  });

  it('names a saved card by the month and year it expires, in French as on the payment cards page', async () => {
    api = mockApiFetch(
      checkoutServer((call) =>
        call.path === '/payments/payment-details' ? { status: 200, body: [visa] } : undefined,
      ),
    );
    await openCheckout(`/fr/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`, 'Caisse');
    // "expire le 12/30" read as a day: a card expires at the end of a month
    expect(
      await screen.findByRole('radio', { name: 'Visa se terminant par 4242, expire fin 12/30 (par défaut)' }),
    ).toBeTruthy();
  });

  it('asks the provider to keep a new card when the customer ticks "save this card", with the token on the return page', async () => {
    api = mockApiFetch(
      checkoutServer((call) => {
        if (call.path === '/payments/payment-details') return { status: 200, body: [] };
        if (call.path === `${checkoutPath}/payment`)
          return {
            status: 200,
            body: { checkout: checkoutJson('PENDING'), redirectUrl: 'https://pay.example.ch/card' },
          };
        return undefined;
      }),
    );
    await openCheckout(`/en/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`);
    await waitFor(() => expect(callsTo('GET', '/payments/payment-details')).toHaveLength(1));
    expect(screen.getByRole('radio', { name: 'Pay on site at the ticket desk' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Pay online by card' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Save this card for my next orders' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('https://pay.example.ch/card'));
    const page = `http://localhost/en/checkout/${CHECKOUT_ID}/return`;
    expect(callsTo('POST', `${checkoutPath}/payment`)[0]?.body).toEqual({
      intent: 'new',
      type: 'CARD',
      saveAlias: true,
      redirectUrls: {
        success: `${page}?token=${CUSTOMER_TOKEN}`,
        error: `${page}?result=error&token=${CUSTOMER_TOKEN}`,
        cancel: `${page}?result=cancel&token=${CUSTOMER_TOKEN}`,
      },
    });
  });

  it('explains a declined saved card, which the server blocks, and keeps the order payable otherwise', async () => {
    let cards: unknown[] = [visa];
    api = mockApiFetch(
      checkoutServer((call) => {
        if (call.path === '/payments/payment-details') return { status: 200, body: cards };
        if (call.path === `${checkoutPath}/payment`) {
          cards = [{ ...visa, blockedReason: 'DECLINED' }];
          return { status: 409, body: problemJson(409, 'PAYMENT_DECLINED') };
        }
        return undefined;
      }),
    );
    await openCheckout(`/en/checkout/${CHECKOUT_ID}?token=${CUSTOMER_TOKEN}`);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toHaveProperty('checked', true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card was declined. Please choose another card or payment method.',
    );
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Visa ending in 4242/ })).toBeNull());
    expect(screen.getByRole('radio', { name: 'Pay on site at the ticket desk' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });
});
