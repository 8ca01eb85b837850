import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { mockApiFetch, type ApiCall } from '../../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../../test/support/render-route';
import { signedInSession } from '../../../../test/support/signed-in-session';
import { SKIDATA_CARD } from '../../../../test/support/consumption-fixtures';
import { BASKET_ID_KEY } from '../state/basket-id';
import { BASKET_ID, basketJson, basketProducts } from '../../../../test/support/basket-page-fixtures';

/** The demo's season pass (product 104): sold onto SKIDATA cards and SwissPasses, valid the whole winter. */
const chf = (amount: number) => ({ amount, currency: 'CHF' as const });
const seasonPass: ProductDto = {
  id: 104,
  slug: 'season-pass',
  kind: 'SEASON_SUBSCRIPTION',
  name: 'Alpenhorn season pass',
  description: 'Unlimited skiing all winter season.',
  category: null,
  pool: { identifier: 'alpenhorn', name: 'Alpenhorn', timezone: 'Europe/Zurich' },
  hasValidity: true,
  productAvailabilityRanges: [{ id: 'winter', name: 'Winter 2026/27', from: '2026-12-05', to: '2027-04-18' }],
  media: ['SKIDATA', 'SWISSPASS'],
  image: null,
  bookingWindow: { earliestDaysBefore: null, latestMinutesBeforeStart: null },
  productDefinitions: [
    {
      id: 1041,
      productId: 104,
      attributes: { age: { value: 'adult', displayName: 'Adult', minAge: 16, maxAge: 64 } },
      basePrice: chf(89000),
      discounts: [],
      fromPrice: chf(89000),
      requiredProductDefinitions: [],
    },
  ],
  fromPrice: chf(89000),
};

function seasonPassEntry(id: string) {
  return {
    id,
    productId: 104,
    productDefinitionId: 1041,
    slotId: null,
    validity: { from: '2026-12-04T23:00:00.000Z', to: '2027-04-18T21:59:59.999Z' },
    allocation: { personTypes: [{ personType: 'adult', quantity: 1 }] },
    quantity: 1,
    attributes: {},
    originEntryId: null,
    personalization: null as unknown,
    unitPrice: { amount: 89000, currency: 'CHF', source: 'basePrice' },
    price: chf(89000),
    hold: 'none',
    children: [],
    originatedEntries: [],
  };
}

const swissPass = {
  ...SKIDATA_CARD,
  id: 23,
  type: 'SWISSPASS',
  clientKey: 'KEYCARD:SWISSPASS',
  dataCarrierId: 'S12345678901',
  fields: { zip: '3920' },
};
const plate = {
  ...SKIDATA_CARD,
  id: 41,
  type: 'LICENSEPLATE',
  clientKey: 'IDENTIFICATION:LICENSEPLATE',
  dataCarrierId: 'CH ZH123456',
};

interface SeasonPassServer {
  signedIn: boolean;
  entries?: ReturnType<typeof seasonPassEntry>[];
  keycards?: unknown[];
  persons?: unknown[];
  /** the answer to a personalisation, instead of taking it */
  refusal?: { status: number; body: unknown };
}

function serveSeasonPass(options: SeasonPassServer) {
  let entries = options.entries ?? [];
  const basket = () => ({ status: 200, body: basketJson(entries) });
  return mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: options.signedIn ? signedInSession : {} };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.path === '/products/104') return { status: 200, body: seasonPass };
    if (call.path === '/products') return { status: 200, body: [...basketProducts, seasonPass] };
    if (call.path === '/pricing/prices') return { status: 200, body: { prices: [] } };
    if (call.path === '/payments/online-credit/balance') return { status: 200, body: { balance: chf(0) } };
    if (call.method === 'GET' && call.path === '/keycards')
      return { status: 200, body: options.keycards ?? [SKIDATA_CARD, swissPass, plate] };
    if (call.path === '/users/persons') return { status: 200, body: options.persons ?? [] };
    if (call.method === 'POST' && call.path === '/baskets') {
      entries = (call.body as { entries: unknown[] }).entries.map((_, index) =>
        seasonPassEntry(`season-${index}`),
      );
      return { status: 201, body: basketJson(entries) };
    }
    if (call.method === 'GET' && call.path === `/baskets/${BASKET_ID}`) return basket();
    const personalization = /^\/baskets\/[^/]+\/entries\/([^/]+)\/personalization$/.exec(call.path);
    if (call.method === 'PATCH' && personalization) {
      if (options.refusal) return options.refusal;
      entries = entries.map((entry) =>
        entry.id === personalization[1] ? { ...entry, personalization: call.body } : entry,
      );
      return basket();
    }
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

function openBasket(path: string) {
  localStorage.setItem(BASKET_ID_KEY, BASKET_ID);
  return renderRoute(path);
}

describe('a season pass is loaded onto a keycard in the basket', () => {
  it('adds one line per person on the product page, so that each pass gets its own card', async () => {
    api = serveSeasonPass({ signedIn: true });
    renderRoute('/en/products/104');
    await screen.findByRole('heading', { level: 1, name: 'Alpenhorn season pass' });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Adult/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to basket' }));
    await screen.findByText('Added to your basket.');
    const [created] = callsTo('POST', /^\/baskets$/);
    const added = (created?.body as { entries: Array<{ productDefinitionId: number; allocation: unknown }> })
      .entries;
    expect(added.map((entry) => [entry.productDefinitionId, entry.allocation])).toEqual([
      [1041, { personTypes: [{ personType: 'adult', quantity: 1 }] }],
      [1041, { personTypes: [{ personType: 'adult', quantity: 1 }] }],
    ]);
  });

  it('lets a customer choose one of their cards the pass can be loaded onto, without − +', async () => {
    api = serveSeasonPass({ signedIn: true, entries: [seasonPassEntry('season')] });
    openBasket('/en/basket');
    const line = (
      await screen.findByRole('heading', { level: 3, name: '1 × Alpenhorn season pass, Adult' })
    ).closest('li')!;
    expect(within(line).queryByRole('group', { name: /Quantity of/ })).toBeNull();
    const select = await within(line).findByRole('combobox', { name: 'Keycard for this season pass' });
    expect(
      within(line).getByText('The season pass is loaded onto this card: the gates read it all season.'),
    ).toBeTruthy();
    // the licence plate carries no pass
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'No keycard chosen',
        'SKIDATA keycard 01-1614 7255 0123 4567 8901-3',
        'SwissPass S12345678901',
      ]),
    );
    fireEvent.change(select, { target: { value: '23' } });
    expect(
      await within(line).findByText('The season pass will be loaded onto SwissPass S12345678901.'),
    ).toBeTruthy();
    expect(callsTo('PATCH', /personalization$/).map((call) => call.body)).toEqual([
      { personId: 1, medium: 'SWISSPASS', keycardId: 23 },
    ]);
    await waitFor(() =>
      expect(
        (within(line).getByRole('combobox', { name: 'Keycard for this season pass' }) as HTMLSelectElement)
          .value,
      ).toBe('23'),
    );
  });

  it('asks a guest to sign in to choose the card, in French', async () => {
    api = serveSeasonPass({ signedIn: false, entries: [seasonPassEntry('season')] });
    openBasket('/fr/basket');
    expect(
      // the French no-break space before the colon stays (the default normaliser would make it a space)
      await screen.findByText(
        'Connectez-vous pour charger l’abonnement de saison sur votre keycard\u00a0: les portillons lisent la keycard.',
        {
          normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
        },
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Se connecter pour choisir une keycard' }).getAttribute('href'),
    ).toBe('/fr/auth-selector?returnTo=%2Ffr%2Fbasket');
    expect(callsTo('GET', /^\/keycards$/)).toEqual([]);
  });
});

describe('a season pass says before the purchase that it renews', () => {
  it('on the product page: renewal, price, period and how to cancel', async () => {
    api = serveSeasonPass({ signedIn: true });
    renderRoute('/de/products/104');
    const disclosure = await screen.findByRole('region', { name: 'Erneuert sich automatisch' });
    expect(disclosure.textContent).toMatch(/890[.,]00\s*CHF/);
    expect(disclosure.textContent).toContain('5. Dezember 2026 bis 18. April 2027');
    expect(disclosure.textContent).toContain('erneuert sich jedes Jahr automatisch');
    expect(disclosure.textContent).toContain('Mein Konto › Abonnemente');
  });

  it('on its basket line, in every language', async () => {
    api = serveSeasonPass({ signedIn: true, entries: [seasonPassEntry('season')] });
    openBasket('/fr/basket');
    const disclosure = await screen.findByRole('region', { name: 'Renouvellement automatique' });
    expect(disclosure.textContent).toContain('du 5 décembre 2026 au 18 avril 2027');
    expect(disclosure.textContent).toContain('Mon compte › Abonnements');
  });
});

describe('the chooser offers only the cards that fit the pass and says why the others do not', () => {
  // the season starts on 5 December 2026 (Europe/Zurich); the pass is for adults, 16 to 64
  const person = (id: number, firstName: string, birthdate: string | null) => ({
    id,
    firstName,
    lastName: 'Cima',
    birthdate,
    gender: 'f',
    phone: null,
    owner: id === 1,
    avatar: null,
  });
  const carla = person(1, 'Carla', '1988-02-11');
  const mia = person(2, 'Mia', '2020-07-03');
  const miasPass = { ...swissPass, personId: 2 };
  const axess = {
    ...SKIDATA_CARD,
    id: 31,
    type: 'AXESS',
    clientKey: 'KEYCARD:AXESS',
    dataCarrierId: '1A2B3C4D-5E6-F7G',
  };
  const expired = { ...swissPass, id: 37, dataCarrierId: 'S99988877766', status: 'EXPIRED' };
  const refusal = (code: string) => ({
    status: 400,
    body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: code, code, errors: [] },
  });

  async function chooser(path: string, label: RegExp | string) {
    openBasket(path);
    const line = (await screen.findByRole('heading', { level: 3, name: /Alpenhorn season pass/ })).closest(
      'li',
    )!;
    return { line, select: await within(line).findByRole('combobox', { name: label }) };
  }
  const options = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);

  it("offers the adult's card only, and lists a child's, an AXESS and an expired card with the reason", async () => {
    api = serveSeasonPass({
      signedIn: true,
      entries: [seasonPassEntry('season')],
      keycards: [SKIDATA_CARD, miasPass, axess, expired, plate],
      persons: [carla, mia],
    });
    const { line, select } = await chooser('/en/basket', 'Keycard for this season pass');
    await waitFor(() =>
      expect(
        within(line)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'SwissPass S12345678901: Mia Cima is not of this ticket’s age (16 to 64 years) on its first day',
        'AXESS keycard 1A2B3C4D-5E6-F7G: this ticket cannot be loaded onto this type of card',
        'SwissPass S99988877766: the card is no longer active',
      ]),
    );
    expect(within(line).getByText('Your cards that cannot carry this ticket:')).toBeTruthy();
    expect(options(select)).toEqual(['No keycard chosen', 'SKIDATA keycard 01-1614 7255 0123 4567 8901-3']);
  });

  it("says the server's reason when it refuses the card, in German", async () => {
    // the SPA sees no birthdate (a person edited meanwhile): the server refuses, and its reason is shown
    api = serveSeasonPass({
      signedIn: true,
      entries: [seasonPassEntry('season')],
      keycards: [miasPass],
      persons: [carla, person(2, 'Mia', null)],
      refusal: refusal('PERSON_AGE_NOT_ALLOWED'),
    });
    const { line, select } = await chooser('/de/basket', 'Keycard für dieses Saisonabo');
    await waitFor(() => expect(options(select)).toHaveLength(2));
    fireEvent.change(select, { target: { value: '23' } });
    expect((await within(line).findByRole('alert')).textContent).toBe(
      'Die Person dieser Karte hat am ersten Tag nicht das Alter dieses Tickets.',
    );
    expect(callsTo('PATCH', /personalization$/).map((call) => call.body)).toEqual([
      { personId: 2, medium: 'SWISSPASS', keycardId: 23 },
    ]);
  });

  it('keeps the type box and the fields of one type when a card is added from the line', async () => {
    api = serveSeasonPass({
      signedIn: true,
      entries: [seasonPassEntry('season')],
      keycards: [],
      persons: [carla],
    });
    const { line } = await chooser('/en/basket', 'Keycard for this season pass');
    fireEvent.click(within(line).getByRole('button', { name: 'Add a keycard' }));
    const type = (await within(line).findByLabelText(/Type of card/)) as HTMLSelectElement;
    expect(options(type)).toEqual(['SKIDATA keycard', 'SwissPass']);
    expect(type.value).toBe('SKIDATA');
    expect(
      within(line).getByLabelText(/Data carrier number \(e\.g\. 01-1614 7255 0123 4567 8901-3\)/),
    ).toBeTruthy();
    expect(within(line).queryByLabelText(/SwissPass card number/)).toBeNull();
    fireEvent.change(type, { target: { value: 'SWISSPASS' } });
    expect(type.value).toBe('SWISSPASS');
    expect(within(line).getByLabelText(/SwissPass card number \(e\.g\. S12 345 678 901\)/)).toBeTruthy();
    expect(within(line).getByLabelText(/Postcode of the holder/)).toBeTruthy();
    expect(within(line).queryByLabelText(/Data carrier number/)).toBeNull();
  });
});
