import { screen } from '@testing-library/react';
import { mockApiFetch } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { BASKET_ID_KEY } from '../../basket/state/basket-id';
import { BASKET_ID, CHECKOUT_ID, checkoutJson } from '../../../../test/support/checkout-fixtures';

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => api.restore());

/** The checkout's order goes through `statuses`, one per read; the last one stays. */
function serveStatuses(...statuses: string[]) {
  let reads = 0;
  api = mockApiFetch((call) => {
    if (call.method !== 'GET' || call.path !== `/checkout/${CHECKOUT_ID}`) return undefined;
    const status = statuses[Math.min(reads, statuses.length - 1)] ?? 'CREATED';
    reads += 1;
    return { status: 200, body: checkoutJson(status) };
  });
}

const reads = () => api.calls.filter((call) => call.path === `/checkout/${CHECKOUT_ID}`).length;

describe('the payment return page', () => {
  it('polls while the payment is pending, then shows it paid, clears the basket and links the order', async () => {
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    serveStatuses('PENDING', 'PAID');
    renderRoute(`/en/checkout/${CHECKOUT_ID}/return`);
    expect(await screen.findByText('Your payment is being processed…')).toBeTruthy();
    expect(
      await screen.findByText('Your payment has been received. Thank you!', undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
      '/en/orders/42?token=guest-token',
    );
    expect(localStorage.getItem(BASKET_ID_KEY)).toBeNull();
    const readsWhenPaid = reads();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(reads()).toBe(readsWhenPaid);
  });

  it('offers the way back to the checkout when the payment was declined or cancelled', async () => {
    serveStatuses('CREATED');
    renderRoute(`/en/checkout/${CHECKOUT_ID}/return?result=cancel`);
    expect(await screen.findByText('The payment was not completed. You can try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the checkout' }).getAttribute('href')).toBe(
      `/en/checkout/${CHECKOUT_ID}`,
    );
  });
});
