import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { signedInSession } from '../../../test/support/signed-in-session';
import { BASKET_ID, basketJson, basketProducts } from '../../../test/support/basket-page-fixtures';
import { BASKET_ID_KEY } from '../basket/state/basket-id';
import { SKIDATA_CARD } from '../../../test/support/consumption-fixtures';
import { payPerUseEntry, payPerUseProduct } from '../../../test/support/pay-per-use-fixtures';

const plate = {
  ...SKIDATA_CARD,
  id: 41,
  type: 'LICENSEPLATE',
  clientKey: 'IDENTIFICATION:LICENSEPLATE',
  dataCarrierId: 'CH ZH123456',
};
const owner = {
  id: 1,
  firstName: 'Alice',
  lastName: 'Alpin',
  birthdate: '1990-02-01',
  gender: 'f',
  phone: null,
  owner: true,
  avatar: null,
};
type Entry = ReturnType<typeof payPerUseEntry>;

/** The shop as a customer (or a guest) meets it: the pay-per-use product, a basket that personalises its entries, keycards. */
function servePayPerUse(options: {
  signedIn: boolean;
  entries?: Entry[];
  checkout?: { status: number; body: unknown };
}) {
  let entries = options.entries ?? [];
  let keycards: unknown[] = [SKIDATA_CARD, plate];
  const basket = () => ({ status: 200, body: basketJson(entries) });
  return mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: options.signedIn ? signedInSession : {} };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.path === '/products/107') return { status: 200, body: payPerUseProduct };
    if (call.path === '/products') return { status: 200, body: [...basketProducts, payPerUseProduct] };
    if (call.path === '/pricing/prices') return { status: 200, body: { prices: [] } };
    if (call.path === '/payments/online-credit/balance')
      return { status: 200, body: { balance: { amount: 0, currency: 'CHF' } } };
    if (call.path === '/users/persons') return { status: 200, body: [owner] };
    if (call.path === '/users/addresses/countries') return { status: 200, body: [] };
    if (call.method === 'GET' && call.path === '/keycards') return { status: 200, body: keycards };
    if (call.method === 'POST' && call.path === '/keycards') {
      const added = { ...SKIDATA_CARD, id: 18, dataCarrierId: '01-1614 7255 0123 4567 8901-3' };
      keycards = [...keycards, added];
      return { status: 201, body: added };
    }
    if (call.method === 'POST' && call.path === '/baskets') {
      entries = (call.body as { entries: unknown[] }).entries.map((_, index) =>
        payPerUseEntry(`ppu-${index}`),
      );
      return { status: 201, body: basketJson(entries) };
    }
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`) return basket();
    const personalization = /^\/baskets\/[^/]+\/entries\/([^/]+)\/personalization$/.exec(call.path);
    if (call.method === 'PATCH' && personalization) {
      entries = entries.map((entry) =>
        entry.id === personalization[1] ? { ...entry, personalization: call.body } : entry,
      );
      return basket();
    }
    if (call.method === 'POST' && call.path === '/checkout') return options.checkout;
    return undefined;
  });
}

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  sessionStorage.clear();
});

const callsTo = (method: string, path: RegExp) =>
  api.calls.filter((call) => call.method === method && path.test(call.path));

function openBasket(path = '/en/basket') {
  localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
  return renderRoute(path);
}

describe('buying pay per use: product page and basket', () => {
  it('says the product page’s pay per use is billed per day ridden, and adds one line per person', async () => {
    api = servePayPerUse({ signedIn: false });
    renderRoute('/en/products/107');
    await screen.findByRole('heading', { level: 1, name: 'Pay-per-use ski day' });
    const summary = screen.getByRole('complementary', { name: 'Your selection' });
    await within(summary).findByText(/^CHF.69\.00 per day you ride$/);
    expect(
      within(summary).getByText(
        'Pay per use: nothing is charged now. Each day your keycard rides is billed to your saved card at that day’s price.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Billed per day you ride, nothing charged now')).toBeTruthy();
    expect(screen.queryByText(/CHF.0\.00/)).toBeNull();

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Adult' }), { target: { value: '2' } });
    await waitFor(() => expect(within(summary).getAllByText(/per day you ride$/)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    await screen.findByText('Added to your basket.');
    const [created] = callsTo('POST', /^\/baskets$/);
    expect((created?.body as { entries: unknown[] }).entries).toEqual([
      {
        productDefinitionId: 1071,
        slotId: null,
        allocation: { personTypes: [{ personType: 'adult', quantity: 1 }] },
        attributes: {},
      },
      {
        productDefinitionId: 1071,
        slotId: null,
        allocation: { personTypes: [{ personType: 'adult', quantity: 1 }] },
        attributes: {},
      },
    ]);
  });

  it('shows the basket line as billed per day, without − +, and registers one of the customer’s keycards on it', async () => {
    api = servePayPerUse({ signedIn: true, entries: [payPerUseEntry('ppu')] });
    openBasket();
    const line = (
      await screen.findByRole('heading', { level: 3, name: '1 × Pay-per-use ski day, Adult' })
    ).closest('li')!;
    expect(within(line).getByText('Billed per day you ride')).toBeTruthy();
    expect(within(line).getByText('Nothing charged now')).toBeTruthy();
    expect(within(line).queryByRole('group', { name: /Quantity of/ })).toBeNull();
    expect(screen.getByText(/^Pay per use: nothing is charged now\./)).toBeTruthy();

    const select = await within(line).findByRole('combobox', { name: 'Keycard to register' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['No keycard chosen', 'SKIDATA keycard 01-1614 7255 0123 4567 8901-3']),
    );
    fireEvent.change(select, { target: { value: '17' } });
    expect(
      await within(line).findByText(
        'SKIDATA keycard 01-1614 7255 0123 4567 8901-3 will be registered: its days of use are billed to your saved card.',
      ),
    ).toBeTruthy();
    expect(callsTo('PATCH', /personalization$/).map((call) => call.body)).toEqual([
      { personId: 1, medium: 'SKIDATA', keycardId: 17 },
    ]);
    await waitFor(() =>
      expect(
        (within(line).getByRole('combobox', { name: 'Keycard to register' }) as HTMLSelectElement).value,
      ).toBe('17'),
    );
  });

  it('adds a keycard of a type the product is loaded onto and registers it at once', async () => {
    api = servePayPerUse({ signedIn: true, entries: [payPerUseEntry('ppu')] });
    openBasket();
    const line = (
      await screen.findByRole('heading', { level: 3, name: '1 × Pay-per-use ski day, Adult' })
    ).closest('li')!;
    fireEvent.click(await within(line).findByRole('button', { name: 'Add a keycard' }));
    const type = await within(line).findByRole('combobox', { name: /Type of card/ });
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['SKIDATA keycard']);
    fireEvent.change(within(line).getByRole('textbox', { name: /Data carrier number/ }), {
      target: { value: '01-1614 7255 0123 4567 8901-3' },
    });
    fireEvent.click(within(line).getByRole('button', { name: 'Add keycard' }));
    await waitFor(() =>
      expect(callsTo('PATCH', /personalization$/).map((call) => call.body)).toEqual([
        { personId: 1, medium: 'SKIDATA', keycardId: 18 },
      ]),
    );
    expect(callsTo('POST', /^\/keycards$/)[0]?.body).toEqual({
      personId: 1,
      type: 'SKIDATA',
      dataCarrierId: '01-1614 7255 0123 4567 8901-3',
    });
  });

  it('asks a guest to sign in: pay per use needs the account’s keycard and card', async () => {
    api = servePayPerUse({ signedIn: false, entries: [payPerUseEntry('ppu')] });
    openBasket('/de/basket');
    expect(
      await screen.findByText(
        'Melden Sie sich an, um Ihre Keycard zu registrieren: Pay per Use wird einer in Ihrem Konto gespeicherten Karte belastet.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anmelden und Keycard registrieren' }).getAttribute('href')).toBe(
      '/de/auth-selector?returnTo=%2Fde%2Fbasket',
    );
    expect(callsTo('GET', /^\/keycards$/)).toEqual([]);
  });

  it('explains a checkout refused because the line has no keycard yet', async () => {
    const issue = {
      path: 'entries.ppu',
      message: 'PAY_PER_USE_KEYCARD_REQUIRED: Choose the keycard to register for pay per use.',
    };
    api = servePayPerUse({
      signedIn: true,
      entries: [payPerUseEntry('ppu')],
      checkout: { status: 409, body: { code: 'BASKET_NOT_VALID', errors: [issue] } },
    });
    openBasket('/fr/basket');
    fireEvent.click(await screen.findByRole('button', { name: 'Passer à la caisse' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem').textContent).toBe(
      '1 × Pay-per-use ski day, Adult\u00a0: choisissez la keycard à enregistrer pour le paiement à l’usage',
    );
  });
});
