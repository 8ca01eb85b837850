import { screen } from '@testing-library/react';
import { CUSTOMER_TOKEN } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { ORDER_ID, orderJson, problemJson } from '../../../test/support/checkout-fixtures';

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

function serveOrder(answer: ApiAnswer) {
  api = mockApiFetch((call) => {
    if (call.path.startsWith('/products')) return { status: 200, body: [] };
    return call.method === 'GET' && call.path === `/orders/${ORDER_ID}` ? answer : undefined;
  });
}

/** The page's address is the browser's too, so that the base query sees its token (§2). */
function openOrderPage(path: string) {
  window.history.replaceState(null, '', path);
  return renderRoute(path);
}

describe('the order page', () => {
  it('reads a guest’s order with the token of its address and shows its status, refno and total', async () => {
    serveOrder({ status: 200, body: { ...orderJson('CANCELLED'), paymentStatus: 'CANCELLED' } });
    openOrderPage(`/de/orders/${ORDER_ID}?token=guest-token`);
    expect(await screen.findByText('Storniert.')).toBeTruthy();
    expect(screen.getByText('Bestellnummer AP-0000042-7')).toBeTruthy();
    expect(screen.getByText(/64,00/, { selector: '.basket-total strong' })).toBeTruthy();
    const search = new URLSearchParams(api.calls.find((call) => call.path === `/orders/${ORDER_ID}`)?.search);
    expect(Object.fromEntries(search)).toEqual({ token: 'guest-token', language: 'de' });
  });

  it('lists each item as the server describes its line: person type, dates and slot', async () => {
    const line = (text: string, personType: string, dates: string, days: number, slot: string | null) => ({
      text,
      personType,
      dates,
      days,
      slot,
    });
    const [slotItem] = orderJson('PAID').items;
    const items = [
      {
        ...slotItem,
        line: line(
          'Gondel, Erwachsene, Di 01.12.2026, 10:00–10:30',
          'Erwachsene',
          'Di 01.12.2026',
          1,
          '10:00–10:30',
        ),
      },
      {
        ...slotItem,
        id: '00000000-0000-4000-8000-0000000000c1',
        quantity: 1,
        line: line('Gondel, Kind, Di 01.12.2026, 10:00–10:30', 'Kind', 'Di 01.12.2026', 1, '10:00–10:30'),
      },
      {
        ...slotItem,
        id: '00000000-0000-4000-8000-0000000000d1',
        slotId: null,
        validity: { from: '2026-12-11', to: '2026-12-13' },
        line: line(
          '3-Tageskarte, Erwachsene, Fr 11.12.2026 – So 13.12.2026',
          'Erwachsene',
          'Fr 11.12.2026 – So 13.12.2026',
          3,
          null,
        ),
      },
    ];
    serveOrder({ status: 200, body: { ...orderJson('PAID'), items } });
    openOrderPage(`/de/orders/${ORDER_ID}?token=guest-token`);
    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining([
        '2 × Gondel, Erwachsene, Di 01.12.2026, 10:00–10:30',
        '1 × Gondel, Kind, Di 01.12.2026, 10:00–10:30',
        '2 × 3-Tageskarte, Erwachsene, Fr 11.12.2026 – So 13.12.2026',
      ]),
    );
  });

  it('leads from a paid subscription order to the subscriptions, which wait for its subscription', async () => {
    serveOrder({ status: 200, body: { ...orderJson('PAID'), type: 'SUBSCRIPTION' } });
    openOrderPage(`/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`);
    const link = await screen.findByRole('link', { name: 'See my subscription' });
    expect(link.getAttribute('href')).toBe(
      `/en/profile/subscriptions?order=${ORDER_ID}&token=${CUSTOMER_TOKEN}`,
    );
  });

  it('says so when the order cannot be read (unknown, or someone else’s)', async () => {
    serveOrder({ status: 404, body: problemJson(404, 'ORDER_NOT_FOUND') });
    openOrderPage(`/en/orders/${ORDER_ID}?token=${CUSTOMER_TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe('This order cannot be found.');
  });

  it('asks a signed-out visitor without the order’s link to sign in and come back, asking the API nothing', async () => {
    serveOrder({ status: 404, body: problemJson(404, 'ORDER_NOT_FOUND') });
    openOrderPage(`/fr/orders/${ORDER_ID}`);
    expect(await screen.findByText('Veuillez vous connecter pour voir votre commande.')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Se connecter et voir la commande' });
    const callbackUrl = new URL(signIn.getAttribute('href')!, 'http://shop.invalid').searchParams.get(
      'callbackUrl',
    );
    expect(new URL(callbackUrl!).pathname).toBe(`/fr/orders/${ORDER_ID}`);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.calls.some((call) => call.path.startsWith('/orders'))).toBe(false);
  });
});
