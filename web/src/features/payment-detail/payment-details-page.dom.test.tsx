import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { SESSION_ACCESS_TOKEN, signedInSession } from '../../../test/support/signed-in-session';
import { savedCard } from '../../../test/support/saved-card';

// the shared machine runs several suites at once: give the first lazy page load time

jest.mock('../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

const visa = savedCard({ id: 1, expiryYear: '28' });
const mastercard = savedCard({
  id: 2,
  default: false,
  brand: 'ECA',
  masked: '520000xxxxxx0007',
  expiryMonth: '06',
  expiryYear: '27',
});
const declined = savedCard({
  id: 3,
  default: false,
  brand: 'AMX',
  masked: '375811xxxxx1000',
  expiryMonth: '01',
  expiryYear: '29',
  blockedReason: 'declined by the issuer',
});
const expired = savedCard({
  id: 4,
  default: false,
  status: 'EXPIRED',
  masked: '400000xxxxxx0002',
  expiryMonth: '01',
  expiryYear: '24',
});

let api: ReturnType<typeof mockApiFetch>;
let details: Record<string, unknown>[];
let registerAnswer: ApiAnswer;
let saveAnswer: ApiAnswer;

/** A fake of services/src/payment-detail's routes for the signed-in session's account. */
function fakePaymentDetailApi(call: ApiCall): ApiAnswer | undefined {
  if (call.path === '/auth/session') return { status: 200, body: signedInSession };
  if (call.path === '/payments/payment-details' && call.method === 'GET')
    return { status: 200, body: details };
  if (call.path === '/payments/payment-details/register') return registerAnswer;
  if (call.path === '/payments/payment-details' && call.method === 'POST') {
    if (saveAnswer.status === 201) details = [...details, saveAnswer.body as Record<string, unknown>];
    return saveAnswer;
  }
  const [, id, isDefault] = /^\/payments\/payment-details\/(\d+)(\/default)?$/.exec(call.path) ?? [];
  if (id && isDefault && call.method === 'PATCH') {
    details = details.map((detail) => ({ ...detail, default: String(detail.id) === id }));
    return { status: 200, body: details.find((detail) => String(detail.id) === id) };
  }
  if (id && call.method === 'DELETE') {
    details = details.filter((detail) => String(detail.id) !== id);
    return { status: 204 };
  }
  return undefined;
}

beforeEach(() => {
  details = [visa, mastercard, declined, expired];
  registerAnswer = {
    status: 201,
    body: { transactionId: 'trx-1', redirectUrl: 'http://127.0.0.1:3921/v1/start/trx-1' },
  };
  saveAnswer = { status: 201, body: { ...mastercard, id: 5, masked: '510000xxxxxx0100' } };
  api = mockApiFetch(fakePaymentDetailApi);
});
afterEach(() => {
  api.restore();
  jest.mocked(leaveShopFor).mockClear();
  window.history.replaceState(null, '', '/');
});

const callsOf = (method: string) =>
  api.calls.filter((call) => call.method === method && call.path.startsWith('/payments'));

describe('the payment cards page', () => {
  it('lists the saved cards with brand, masked number, expiry, default, blocked and expired', async () => {
    renderRoute(atAddress('/de/profile/payment-details'));
    const first = (await screen.findByText('424242xxxxxx4242')).closest('li')!;
    expect(within(first).getByRole('heading', { level: 3, name: 'Visa' })).toBeTruthy();
    expect(within(first).getByText('12/28')).toBeTruthy();
    expect(within(first).getByText('Standardkarte')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /Standard festlegen/ })).toBeNull();
    const blocked = screen.getByText('375811xxxxx1000').closest('li')!;
    expect(
      within(blocked).getByText(
        'Nach einer abgelehnten Zahlung gesperrt: Bitte speichern Sie die Karte erneut.',
      ),
    ).toBeTruthy();
    expect(within(blocked).queryByRole('button', { name: /Standard festlegen/ })).toBeNull();
    const old = screen.getByText('400000xxxxxx0002').closest('li')!;
    expect(within(old).getByText(/Abgelaufen/)).toBeTruthy();
    expect(within(old).queryByRole('button', { name: /Standard festlegen/ })).toBeNull();
    expect(callsOf('GET')[0]?.authorization).toBe(`Bearer ${SESSION_ACCESS_TOKEN}`);
  });

  it('makes a card the default and deletes one', async () => {
    renderRoute(atAddress('/en/profile/payment-details'));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Make Mastercard 520000xxxxxx0007 the default' }),
    );
    expect(await screen.findByText('This card is now your default card.')).toBe(document.activeElement);
    await waitFor(() =>
      expect(
        within(screen.getByText('520000xxxxxx0007').closest('li')!).queryByText('Default card'),
      ).toBeTruthy(),
    );
    expect(
      within(screen.getByText('424242xxxxxx4242').closest('li')!).queryByText('Default card'),
    ).toBeNull();
    expect(callsOf('PATCH').map((call) => call.path)).toEqual(['/payments/payment-details/2/default']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Visa 424242xxxxxx4242' }));
    expect(await screen.findByText('The card was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('424242xxxxxx4242')).toBeNull());
    expect(callsOf('DELETE').map((call) => call.path)).toEqual(['/payments/payment-details/1']);
  });

  it('adds a card on the provider’s page with the shop’s return page', async () => {
    renderRoute(atAddress('/fr/profile/payment-details'));
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une carte' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('http://127.0.0.1:3921/v1/start/trx-1'));
    const page = 'http://localhost/fr/profile/payment-details/return';
    expect(callsOf('POST')[0]?.body).toEqual({
      type: 'CARD',
      redirectUrls: {
        success: `${page}?outcome=success`,
        error: `${page}?outcome=error`,
        cancel: `${page}?outcome=cancel`,
      },
    });
  });

  it('explains that the provider cannot be reached', async () => {
    registerAnswer = { status: 503, body: { code: 'PAYMENT_PROVIDER_UNAVAILABLE', errors: [] } };
    renderRoute(atAddress('/en/profile/payment-details'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The payment provider cannot be reached right now. Please try again later.',
    );
    expect(leaveShopFor).not.toHaveBeenCalled();
  });
});

describe('the return page of the provider', () => {
  it('saves the registration named by datatransTrxId, once', async () => {
    renderRoute(atAddress('/en/profile/payment-details/return?outcome=success&datatransTrxId=trx-1'));
    expect(await screen.findByText('Your card was saved. Mastercard 510000xxxxxx0100')).toBeTruthy();
    expect(callsOf('POST').map((call) => call.body)).toEqual([{ transactionId: 'trx-1' }]);
    fireEvent.click(screen.getByRole('link', { name: 'Back to my payment cards' }));
    expect(await screen.findByText('510000xxxxxx0100')).toBeTruthy();
  });

  it('says the card was not completed when the server answers PAYMENT_DETAIL_REGISTRATION_INCOMPLETE', async () => {
    saveAnswer = { status: 409, body: { code: 'PAYMENT_DETAIL_REGISTRATION_INCOMPLETE', errors: [] } };
    renderRoute(atAddress('/de/profile/payment-details/return?outcome=success&datatransTrxId=trx-2'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Karte wurde auf der Seite des Zahlungsanbieters nicht fertig erfasst und deshalb nicht gespeichert.',
    );
  });

  it('saves nothing when the customer cancelled on the provider’s page', async () => {
    renderRoute(atAddress('/en/profile/payment-details/return?outcome=cancel&datatransTrxId=trx-3'));
    expect((await screen.findByRole('alert')).textContent).toBe('You cancelled: no card was saved.');
    expect(callsOf('POST')).toEqual([]);
  });
});
