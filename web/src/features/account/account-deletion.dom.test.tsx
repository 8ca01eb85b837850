import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { fakeAccountApi } from '../../../test/support/account-fixtures';

/** §4 account deletion in the SPA: delete with the grace period explained, the reactivate page of the
 * new profile pages (or /profile without them), and the deleted-account text of §8. */
let api: ReturnType<typeof mockApiFetch>;
let deleteAfter: string | null;
let newProfilePages: boolean;
let openOrders: object[];
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

const owner = {
  id: 1,
  firstName: 'Alice',
  lastName: 'Alpin',
  birthdate: '1990-04-01',
  gender: null,
  phone: null,
  owner: true,
  avatar: null,
};

function serve() {
  const account = fakeAccountApi({ owner });
  api = mockApiFetch((call: ApiCall) => {
    if (call.path === '/auth/session')
      return {
        status: 200,
        body: {
          user: { email: 'alice@example.ch' },
          accessToken: 'session.access.token',
          expires: '2030-01-01T00:00:00.000Z',
        },
      };
    if (call.path === '/clients/current')
      return {
        status: 200,
        body: { id: 1, name: 'Alpenpass', featureFlags: { enableNewProfilePages: newProfilePages } },
      };
    const user = () => ({
      id: 'alice',
      email: 'alice@example.ch',
      language: 'en',
      deletedAt: null,
      deleteAfter,
    });
    if (call.path === '/users/current') return { status: 200, body: user() };
    if (call.path === '/users/account/open-orders') return { status: 200, body: { items: openOrders } };
    if (call.path === '/users/account' && call.method === 'DELETE') {
      deleteAfter = '2030-02-01T10:00:00.000Z';
      return { status: 200, body: user() };
    }
    if (call.path === '/users/account/abort-deletion') {
      deleteAfter = null;
      return { status: 200, body: user() };
    }
    return account(call);
  });
}

beforeEach(() => {
  deleteAfter = null;
  newProfilePages = false;
  openOrders = [];
});

describe('deleting the account', () => {
  it('explains the grace period, asks again, and then offers to keep the account on /profile', async () => {
    serve();
    renderRoute(atAddress('/en/profile'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Delete my account' })).toBeTruthy();
    expect(screen.getByText(/deleted after a grace period of 30 days/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(
      await screen.findByText(
        'Your account will be deleted on February 1, 2030. Until then you can keep it.',
      ),
    ).toBeTruthy();
    expect(
      api.calls.filter((call) => call.method === 'DELETE' && call.path === '/users/account'),
    ).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(await screen.findByRole('button', { name: 'Delete my account…' })).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/users/account/abort-deletion')).toHaveLength(1);
  });

  it('lists the open reservations before the deletion is confirmed and says what becomes of them (in German)', async () => {
    openOrders = [
      { id: 51, refno: 'AP-0000051-3', status: 'RESERVED', total: { amount: 11250, currency: 'CHF' } },
      { id: 57, refno: 'AP-0000057-9', status: 'CREATED', total: { amount: 4800, currency: 'CHF' } },
    ];
    serve();
    renderRoute(atAddress('/de/profile'));
    fireEvent.click(await screen.findByRole('button', { name: 'Mein Konto löschen …' }));
    const note = await screen.findByRole('note');
    expect(within(note).getByText('Sie haben noch 2 offene Reservierungen:')).toBeTruthy();
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'AP-0000051-3 · vor Ort zu bezahlen · 112,50 CHF',
      'AP-0000057-9 · nicht bezahlt · 48,00 CHF',
    ]);
    expect(within(note).getByText(/Bezahlte Tickets bleiben gültig, bis sie benutzt sind/)).toBeTruthy();
    // the question comes after the list, and the deletion is still the customer's choice
    fireEvent.click(screen.getByRole('button', { name: 'Ja, mein Konto löschen' }));
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.method === 'DELETE' && call.path === '/users/account'),
      ).toHaveLength(1),
    );
  });

  it('asks without a list when nothing is open', async () => {
    serve();
    renderRoute(atAddress('/en/profile'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    expect(await screen.findByText('Do you really want to delete your account?')).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/users/account/open-orders')).toBe(true),
    );
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('with the new profile pages, sends a pending deletion to /profilev2/reactivate, where it can be aborted (in German)', async () => {
    newProfilePages = true;
    deleteAfter = '2030-02-01T10:00:00.000Z';
    serve();
    const { router } = renderRoute(atAddress('/de/profile'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/profilev2/reactivate'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto reaktivieren' })).toBeTruthy();
    expect(await screen.findByText(/Ihr Konto wird am 1\. Februar 2030 gelöscht/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mein Konto behalten' }));
    expect(await screen.findByText('Ihr Konto ist nicht zur Löschung vorgesehen.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu meinem Konto' }).getAttribute('href')).toBe('/de/profilev2');
  });

  it('without the new profile pages, /profilev2 addresses lead to /profile', async () => {
    serve();
    const { router } = renderRoute(atAddress('/fr/profilev2/reactivate'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/profile'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Supprimer mon compte' })).toBeTruthy();
  });

  it('shows §8’s text for an erased account', async () => {
    serve();
    renderRoute(atAddress('/en/auth-selector?error=ACCOUNT_DELETED'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Account should not be accessible if deleted',
    );
  });
});
