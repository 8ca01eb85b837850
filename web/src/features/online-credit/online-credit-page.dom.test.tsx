import { screen, within } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { signedInSession } from '../../../test/support/signed-in-session';

let api: ReturnType<typeof mockApiFetch>;
let credit: ApiAnswer;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});
beforeEach(() => {
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session') return { status: 200, body: signedInSession };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.path === '/payments/online-credit/balance') return credit;
    return undefined;
  });
});

/** as Testing Library matches text: its non-breaking and narrow spaces become plain ones */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('the online credit page', () => {
  it('shows the balance and the transactions, newest first, signed, in the page’s language', async () => {
    credit = {
      status: 200,
      body: {
        accountId: 'alice',
        balance: { amount: 2550, currency: 'CHF' },
        transactions: [
          {
            transactionId: 't1',
            amount: 4000,
            reason: 'Refund of order AP-0000042-7',
            at: '2026-11-02T09:30:00.000Z',
          },
          {
            transactionId: 't2',
            amount: -1450,
            reason: 'Order AP-0000051-3',
            at: '2026-11-20T15:05:00.000Z',
          },
        ],
      },
    };
    renderRoute(atAddress('/de/profile/online-credit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mein Online-Guthaben' })).toBeTruthy();
    expect(plain((await screen.findByText(/^Ihr Guthaben:/)).textContent)).toBe('Ihr Guthaben: 25,50 CHF');
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => plain(cell.textContent)),
      );
    expect(rows).toEqual([
      ['20.11.2026, 16:05', 'Order AP-0000051-3', '-14,50 CHF'],
      ['02.11.2026, 10:30', 'Refund of order AP-0000042-7', '+40,00 CHF'],
    ]);
    expect(screen.getByRole('link', { name: 'Guthaben' }).getAttribute('aria-current')).toBe('page');
  });

  it('explains an empty credit', async () => {
    credit = {
      status: 200,
      body: { accountId: 'alice', balance: { amount: 0, currency: 'CHF' }, transactions: [] },
    };
    renderRoute(atAddress('/en/profile/online-credit'));
    expect(await screen.findByText('No credit yet')).toBeTruthy();
    expect(plain(screen.getByText(/^Your credit:/).textContent)).toBe('Your credit: CHF 0.00');
  });

  it('says so when the credit cannot be loaded', async () => {
    credit = { status: 503, body: { code: 'UNAVAILABLE', errors: [] } };
    renderRoute(atAddress('/fr/profile/online-credit'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Votre crédit ne peut pas être chargé pour le moment. Veuillez réessayer plus tard.',
    );
  });
});
