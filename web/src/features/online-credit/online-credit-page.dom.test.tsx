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
            reason: 'refund of order AP-0000042-7',
            reasonCode: { kind: 'REFUND', refno: 'AP-0000042-7' },
            at: '2026-11-02T09:30:00.000Z',
          },
          {
            transactionId: 't2',
            amount: -1450,
            reason: 'order AP-0000051-3',
            reasonCode: { kind: 'ORDER_PAYMENT', refno: 'AP-0000051-3' },
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
      ['20.11.2026, 16:05', 'Bezahlung der Bestellung AP-0000051-3', '-14,50 CHF'],
      ['02.11.2026, 10:30', 'Rückerstattung zur Bestellung AP-0000042-7', '+40,00 CHF'],
    ]);
    expect(screen.getByRole('link', { name: 'Guthaben' }).getAttribute('aria-current')).toBe('page');
  });

  it('words every kind of the shop’s own bookings in German, and shows staff’s reasons and older texts as written', async () => {
    const booking = (transactionId: string, reason: string, reasonCode: object | null, day: number) => ({
      transactionId,
      amount: 100,
      reason,
      reasonCode,
      at: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`,
    });
    credit = {
      status: 200,
      body: {
        accountId: 'alice',
        balance: { amount: 600, currency: 'CHF' },
        transactions: [
          booking('a', 'order AP-1: not applied', { kind: 'ORDER_PAYMENT_UNDONE', refno: 'AP-1' }, 6),
          booking('b', 'order AP-2 cancelled', { kind: 'ORDER_CANCELLED', refno: 'AP-2' }, 5),
          booking('c', 'Kulanz nach Liftausfall', { kind: 'STAFF_TOP_UP', refno: null }, 4),
          booking('d', 'refund of order AP-3', { kind: 'REFUND', refno: 'AP-3' }, 3),
          booking('e', 'order AP-4', { kind: 'ORDER_PAYMENT', refno: 'AP-4' }, 2),
          // an answer from before the codes: the text as it is
          { ...booking('f', 'Gutschrift Skischule', null, 1), reasonCode: undefined },
        ],
      },
    };
    renderRoute(atAddress('/de/profile/online-credit'));
    await screen.findByText(/^Ihr Guthaben:/);
    const reasons = within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => plain(within(row).getAllByRole('cell')[1]!.textContent));
    expect(reasons).toEqual([
      'Bestellung AP-1: Guthaben nicht verwendet, zurückgebucht',
      'Bestellung AP-2 storniert: Guthaben zurückgebucht',
      'Kulanz nach Liftausfall',
      'Rückerstattung zur Bestellung AP-3',
      'Bezahlung der Bestellung AP-4',
      'Gutschrift Skischule',
    ]);
    for (const reason of reasons) expect(reason).not.toMatch(/\b(order|refund|payment|cancelled|credit)\b/i);
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
