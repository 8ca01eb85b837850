import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApiFetch, type ApiCall } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { signedInSession } from '../../../../test/support/signed-in-session';
import { BASKET_ID_KEY } from '../state/basket-id';
import {
  BASKET_ID,
  basketJson,
  basketProducts,
  gondolaEntry,
  parkingEntry,
} from '../../../../test/support/basket-page-fixtures';

type Entry = ReturnType<typeof gondolaEntry>;

/** A fake server basket that adds, removes and personalises entries as the real one answers. */
function serveBasket(
  initial: Entry[],
  options: { signedIn?: boolean; refuseAdd?: string; keycards?: unknown[] } = {},
) {
  let entries = initial;
  let promoCodes: string[] = [];
  let added = 0;
  const answer = () => ({
    status: 200,
    body: basketJson(
      entries,
      promoCodes.length
        ? {
            promoCodes,
            discounts: [
              {
                id: 'd1',
                source: 'PROMO_CODE',
                reference: 'WINTER10',
                type: 'PROMO_CODE',
                displayName: '10 % winter',
                amount: { amount: 320, currency: 'CHF' },
                entryIds: [],
                applications: 1,
              },
            ],
            total: { amount: basketJson(entries).total.amount - 320, currency: 'CHF' },
          }
        : {},
    ),
  });
  let refusals = options.refuseAdd ? 1 : 0;
  return mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session')
      return options.signedIn ? { status: 200, body: signedInSession } : { status: 200, body: {} };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.path === '/products') return { status: 200, body: basketProducts };
    if (call.path === '/keycards') return { status: 200, body: options.keycards ?? [] };
    if (call.path === '/payments/online-credit/balance')
      return { status: 200, body: { balance: { amount: 0, currency: 'CHF' } } };
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`) return answer();
    if (call.method === 'GET' && call.path === '/baskets/current')
      return options.signedIn && call.authorization
        ? answer()
        : { status: 404, body: { code: 'BASKET_NOT_FOUND', errors: [] } };
    if (call.method === 'DELETE' && call.path === `/baskets/${BASKET_ID}/entries`) {
      const ids = new URLSearchParams(call.search).get('entryIds')?.split(',') ?? [];
      if (!entries.some((entry) => ids.includes(entry.id)))
        return { status: 404, body: { code: 'ENTRY_NOT_FOUND', detail: 'entry with id not found' } };
      entries = entries.filter((entry) => !ids.includes(entry.id));
      return answer();
    }
    if (call.method === 'POST' && call.path === `/baskets/${BASKET_ID}/entries`) {
      if (refusals > 0) {
        refusals -= 1;
        return { status: 409, body: { code: options.refuseAdd } };
      }
      const [input] = (call.body as { entries: { allocation: { personTypes: { quantity: number }[] } }[] })
        .entries;
      added += 1;
      entries = [...entries, gondolaEntry(`new-${added}`, input!.allocation.personTypes[0]!.quantity)];
      return answer();
    }
    const personalization = /^\/baskets\/[^/]+\/entries\/([^/]+)\/personalization$/.exec(call.path);
    if (call.method === 'PATCH' && personalization) {
      entries = entries.map((entry) =>
        entry.id === personalization[1] ? { ...entry, personalization: call.body } : entry,
      );
      return answer();
    }
    if (call.method === 'POST' && call.path === `/baskets/${BASKET_ID}/promo-code/WINTER10`) {
      promoCodes = ['WINTER10'];
      return answer();
    }
    return undefined;
  });
}

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  sessionStorage.clear();
});

function openBasket() {
  localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
  return renderRoute('/en/basket');
}

const chf = (francs: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'CHF' }).format(francs);
/** as Testing Library matches text: its non-breaking spaces become plain ones */
const chfText = (francs: number) => chf(francs).replace(/\s/g, ' ');
const total = () => document.querySelector('.basket-total strong')?.textContent;

describe('the basket page', () => {
  it('takes a removed line off the page at once, with the new total, and puts the focus on what happened', async () => {
    api = serveBasket([gondolaEntry('g', 2), parkingEntry('p')]);
    openBasket();
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    expect(total()).toBe(chf(79.0));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Summit gondola, Adult' }));
    const announcement = await screen.findByText(
      `Summit gondola, Adult was removed. New total: ${chfText(15)}.`,
    );
    expect(screen.queryByRole('heading', { level: 3, name: /Summit gondola/ })).toBeNull();
    expect(total()).toBe(chf(15.0));
    await waitFor(() => expect(document.activeElement).toBe(announcement));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state with a way on once the last line is gone', async () => {
    api = serveBasket([parkingEntry('p')]);
    openBasket();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Valley parking' }));
    await screen.findByText('Valley parking was removed. Your basket is empty now.');
    expect(screen.getByText('Your basket is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse tickets and passes' }).getAttribute('href')).toBe('/en');
  });

  it('changes a quantity with + and −: the entry is replaced on the server, the line and the focus stay', async () => {
    api = serveBasket([gondolaEntry('g', 2)]);
    openBasket();
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    const more = screen.getByRole('button', { name: 'One more: Summit gondola, Adult' });
    more.focus();
    fireEvent.click(more);
    await screen.findByRole('heading', { level: 3, name: '3 × Summit gondola, Adult' });
    expect(total()).toBe(chf(96.0));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'One more: Summit gondola, Adult' }),
    );
    expect(screen.getByText(`3 × Summit gondola, Adult. New total: ${chfText(96)}.`)).toBeTruthy();
    const changes = api.calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path}${call.search}`);
    expect(changes).toEqual([
      `DELETE /baskets/${BASKET_ID}/entries?entryIds=g`,
      `POST /baskets/${BASKET_ID}/entries`,
    ]);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      entries: [
        {
          productDefinitionId: 1031,
          slotId: 7,
          allocation: { personTypes: [{ personType: 'adult', quantity: 3 }] },
          attributes: {},
        },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'One fewer: Summit gondola, Adult' }));
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    expect(
      screen.getByRole('button', { name: 'One fewer: Summit gondola, Adult' }).getAttribute('aria-disabled'),
    ).toBe('false');
  });

  it('puts the old quantity back and says why when the new one is refused', async () => {
    api = serveBasket([gondolaEntry('g', 2)], { refuseAdd: 'SLOT_CAPACITY_EXHAUSTED' });
    openBasket();
    fireEvent.click(await screen.findByRole('button', { name: 'One more: Summit gondola, Adult' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/this time slot is sold out/);
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    const posts = api.calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.body as { entries: { allocation: unknown }[] }).entries[0]?.allocation);
    expect(posts).toEqual([
      { personTypes: [{ personType: 'adult', quantity: 3 }] },
      { personTypes: [{ personType: 'adult', quantity: 2 }] },
    ]);
  });

  it('applies a promo code with the checkout’s field and shows the discount in the summary', async () => {
    api = serveBasket([gondolaEntry('g', 1)]);
    openBasket();
    const summary = await screen.findByRole('complementary', { name: 'Summary' });
    fireEvent.change(within(summary).getByLabelText('Promo code'), { target: { value: 'WINTER10' } });
    fireEvent.click(within(summary).getByRole('button', { name: 'Apply code' }));
    await within(summary).findByText('10 % winter');
    expect(within(summary).getByText('WINTER10 – 10 % winter')).toBeTruthy();
    expect(total()).toBe(chf(28.8));
  });

  it('asks a guest to sign in for the parking’s licence plate', async () => {
    api = serveBasket([parkingEntry('p')]);
    openBasket();
    await screen.findByText(/Sign in to register your licence plate/);
    expect(screen.getByRole('link', { name: 'Sign in to add a plate' }).getAttribute('href')).toBe(
      '/en/auth-selector?returnTo=%2Fen%2Fbasket',
    );
    expect(api.calls.some((call) => call.path === '/keycards')).toBe(false);
  });

  it('lets a signed-in customer put one of their plates on the parking line', async () => {
    const plate = {
      id: 41,
      personId: 9,
      type: 'LICENSEPLATE',
      clientKey: 'IDENTIFICATION:LICENSEPLATE',
      status: 'ACTIVE',
      dataCarrierId: 'CH ZH123456',
      fields: {},
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    api = serveBasket([parkingEntry('p')], { signedIn: true, keycards: [plate] });
    openBasket();
    const select = await screen.findByRole('combobox', { name: 'Licence plate' });
    await screen.findByRole('option', { name: 'CH ZH123456' });
    fireEvent.change(select, { target: { value: '41' } });
    await screen.findByText('The barrier will recognise CH ZH123456.');
    expect(api.calls.find((call) => call.method === 'PATCH')).toMatchObject({
      path: `/baskets/${BASKET_ID}/entries/p/personalization`,
      body: { personId: 9, medium: 'LICENSEPLATE', keycardId: 41 },
    });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Licence plate' }) as HTMLSelectElement).value).toBe('41'),
    );
  });

  it('finds a signed-in customer’s basket again in a new browser, and the header counts its lines', async () => {
    api = serveBasket([gondolaEntry('g', 2), parkingEntry('p')], { signedIn: true });
    renderRoute('/en/basket');
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    expect(screen.getByRole('link', { name: 'Basket (2)' })).toBeTruthy();
    expect(localStorage.getItem(BASKET_ID_KEY)).toBe(BASKET_ID);
  });

  it('keeps a guest’s basket for the next tab, and forgets one the server no longer knows', async () => {
    api = serveBasket([gondolaEntry('g', 2)]);
    localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
    const first = renderRoute('/en/basket');
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    first.unmount();
    renderRoute('/en/basket');
    await screen.findByRole('heading', { level: 3, name: '2 × Summit gondola, Adult' });
    expect(api.calls.some((call) => call.path === '/baskets/current')).toBe(false);

    localStorage.setItem(BASKET_ID_KEY, 'c0ffee00-0000-4000-8000-000000000000');
    window.dispatchEvent(new StorageEvent('storage', { key: BASKET_ID_KEY }));
    expect(await screen.findByText('Your basket is empty.')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(BASKET_ID_KEY)).toBeNull());
  });
});
