import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { SESSION_ACCESS_TOKEN, signedInSession } from '../../../test/support/signed-in-session';
import {
  SKIDATA_CARD,
  declinedDay,
  emptySeason,
  notBillableDay,
  openDay,
  paidDay,
  payPerUseCatalogue,
  seasonUsage,
} from '../../../test/support/consumption-fixtures';

let api: ReturnType<typeof mockApiFetch>;
let consumptions: (page: number) => unknown[];
let usage: unknown;

function fakeConsumptionApi(call: ApiCall): ApiAnswer | undefined {
  if (call.path === '/auth/session') return { status: 200, body: signedInSession };
  if (call.path === '/products/catalog/') return { status: 200, body: payPerUseCatalogue };
  if (call.path === '/keycards') return { status: 200, body: [SKIDATA_CARD] };
  if (call.path === '/consumptions/usage') return { status: 200, body: usage };
  if (call.path === '/consumptions')
    return { status: 200, body: consumptions(Number(new URLSearchParams(call.search).get('page'))) };
  return undefined;
}

beforeEach(() => {
  consumptions = (page) => (page === 0 ? [openDay, paidDay, declinedDay, notBillableDay] : []);
  usage = seasonUsage;
  api = mockApiFetch(fakeConsumptionApi);
});
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

/** what Intl writes for an amount in English (a non-breaking space after CHF) */
const money = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'CHF' }).format(amount / 100);
const callsTo = (path: string) => api.calls.filter((call) => call.method === 'GET' && call.path === path);
const dayCard = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name })).closest('article')!;

describe('the pay-per-use page of the profile', () => {
  it('shows this season per keycard and day, with what was billed and what is still open', async () => {
    renderRoute(atAddress('/en/profile/consumptions'));
    const season = (await screen.findByRole('heading', { level: 2, name: 'This season' })).closest(
      'section',
    )!;
    await within(season).findByText('Dec 5, 2026 to Apr 18, 2027');
    const card = (
      await within(season).findByRole('heading', {
        level: 3,
        name: 'SKIDATA keycard 01-1614 7255 0123 4567 8901-3',
      })
    ).closest('section')!;
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s/g, ' ')));
    expect(rows).toEqual([
      ['Day', 'Use', 'Price', 'Bill'],
      ['Dec 20, 2026', '1 passage, 2 rides, 95 min parking', 'CHF 69.00', 'Paid'],
      ['Dec 21, 2026', '1 passage, 5 rides', 'CHF 74.00', 'Open: billed with the next daily bill'],
    ]);
    expect(
      within(season).getByText('2 days: 2 passages, 7 rides, 95 min parking', { selector: 'dd' }),
    ).toBeTruthy();
    expect(within(season).getByText('Billed').nextElementSibling?.textContent).toBe(money(6900));
    expect(within(season).getByText('Not billed yet').nextElementSibling?.textContent).toBe(money(7400));
    expect(callsTo('/consumptions/usage')[0]?.search).toBe('');
    expect(callsTo('/consumptions/usage')[0]?.authorization).toBe(`Bearer ${SESSION_ACCESS_TOKEN}`);
  });

  it('lists every day with its gate readings and its bill, a billed day linked to its order', async () => {
    renderRoute(atAddress('/en/profile/consumptions'));
    const paid = await dayCard('Sunday, December 20, 2026');
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByRole('link', { name: 'Bill AP-0009001-4' }).getAttribute('href')).toBe(
      '/en/orders/9001',
    );
    expect(within(paid).getByText('CHF 69.00')).toBeTruthy();
    fireEvent.click(within(paid).getByText('4 gate readings'));
    expect(
      within(paid)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '09:05 Turnstile, alpenhorn-valley-turnstile-1',
      '09:20 Lift ride, alpenhorn-gondola',
      '11:10 Lift ride, summit-chair',
      '15:40 Car park, alpenhorn-valley-parking: 95 min',
    ]);
    const open = await dayCard('Monday, December 21, 2026');
    expect(within(open).getByText('Open: billed with the next daily bill')).toBeTruthy();
    expect(within(open).queryByRole('link')).toBeNull();
    expect(within(open).getByText('1 gate reading')).toBeTruthy();
    expect(callsTo('/consumptions')[0]?.search).toBe('?page=0&limit=100&populate=usages%2Corder');
  });

  it('explains a declined card, and a day of a deleted card without pay per use', async () => {
    renderRoute(atAddress('/fr/profile/consumptions'));
    const declined = await dayCard('samedi 19 décembre 2026');
    expect(within(declined).getByText('Facturé, paiement en attente')).toBeTruthy();
    expect(
      within(declined).getByText(
        'Votre carte a été refusée. Veuillez payer cette facture avec une autre carte.',
      ),
    ).toBeTruthy();
    expect(within(declined).getByRole('link', { name: 'Facture AP-0009000-1' }).getAttribute('href')).toBe(
      '/fr/orders/9000',
    );
    const notBillable = await dayCard('vendredi 18 décembre 2026');
    expect(await within(notBillable).findByText('Keycard 23 (supprimée)')).toBeTruthy();
    expect(within(notBillable).getByText('non débité')).toBeTruthy();
    expect(within(notBillable).getByText('Non facturé (pas de paiement à l’usage ce jour-là)')).toBeTruthy();
    expect(within(notBillable).queryByText(/passage enregistré/)).toBeNull();
  });

  it('shows skeletons while the days load', async () => {
    const answered = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).includes('/api/consumptions')
        ? new Promise<Response>(() => undefined)
        : answered(input, init);
    renderRoute(atAddress('/en/profile/consumptions'));
    await screen.findByRole('heading', { level: 2, name: 'Days of use' });
    const skeletons = screen.getAllByRole('status').filter((status) => status.classList.contains('skeleton'));
    expect(skeletons.map((skeleton) => skeleton.textContent)).toEqual([
      'Loading your days of use…',
      'Loading your days of use…',
    ]);
  });

  it('offers the pay-per-use product while there is nothing to show', async () => {
    consumptions = () => [];
    usage = emptySeason;
    renderRoute(atAddress('/de/profile/consumptions'));
    expect(await screen.findByText('Noch keine Nutzungstage')).toBeTruthy();
    expect(screen.getByText('In diesem Zeitraum wurde keine Ihrer Keycards benutzt.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Zum Pay-per-Use-Angebot' }).getAttribute('href')).toBe(
        '/de/products/107',
      ),
    );
  });

  it('pages through the days with the page in the address', async () => {
    const many = Array.from({ length: 100 }, (_, index) => ({
      ...openDay,
      id: `17-2026-10-${index}`,
      usages: [],
    }));
    consumptions = (page) => (page === 0 ? many : [paidDay]);
    const { router } = renderRoute(atAddress('/en/profile/consumptions'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await dayCard('Sunday, December 20, 2026');
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('1');
    expect(callsTo('/consumptions').at(-1)?.search).toBe('?page=1&limit=100&populate=usages%2Corder');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('heading', { level: 3, name: 'Monday, December 21, 2026' }).length,
      ).toBeGreaterThan(1),
    );
  });

  it('says when the days cannot be loaded', async () => {
    api.restore();
    api = mockApiFetch((call) =>
      call.path === '/consumptions'
        ? { status: 404, body: { code: 'NOT_FOUND', errors: [] } }
        : fakeConsumptionApi(call),
    );
    renderRoute(atAddress('/en/profile/consumptions'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your days of use cannot be loaded right now. Please try again later.',
    );
  });

  it('is one of the account pages, and its heading takes the focus when it is opened from them', async () => {
    const { router } = renderRoute(atAddress('/en/profile/subscriptions'));
    const links = await screen.findByRole('navigation', { name: 'In your account' });
    fireEvent.click(within(links).getByRole('link', { name: 'Pay per use' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pay per use' });
    expect(router.state.location.pathname).toBe('/en/profile/consumptions');
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
