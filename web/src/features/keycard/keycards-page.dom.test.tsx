import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { SESSION_ACCESS_TOKEN, signedInSession } from '../../../test/support/signed-in-session';
import { countries } from '../../../test/support/account-fixtures';

// the shared machine runs several suites at once: give the first lazy page load time

const alice = {
  id: 1,
  firstName: 'Alice',
  lastName: 'Alpin',
  birthdate: '1990-04-01',
  gender: 'f',
  phone: null,
  owner: true,
  avatar: null,
};
const mia = {
  id: 2,
  firstName: 'Mia',
  lastName: 'Alpin',
  birthdate: '2020-07-03',
  gender: 'f',
  phone: null,
  owner: false,
  avatar: null,
};
const skidata = {
  id: 11,
  personId: 2,
  type: 'SKIDATA',
  clientKey: 'KEYCARD:SKIDATA',
  status: 'ACTIVE',
  dataCarrierId: '01-1614 7255 0123 4567 8901-2',
  fields: { dataCarrierId: '01161472550123456789012' },
  createdAt: '2026-11-01T10:00:00.000Z',
};
const interrail = {
  id: 12,
  personId: 1,
  type: 'EUINTERRAIL',
  clientKey: 'PASS:EUINTERRAIL',
  status: 'EXPIRED',
  dataCarrierId: 'IR123456',
  fields: { passId: 'IR123456', validity: { from: '2026-07-01', to: '2026-07-31' } },
  createdAt: '2026-06-01T10:00:00.000Z',
};

const problem = (
  status: number,
  code: string,
  errors: { path: string; message: string }[] = [],
): ApiAnswer => ({
  status,
  body: { type: 'about:blank', title: 'Problem', status, detail: code, code, correlationId: 'test', errors },
});

let api: ReturnType<typeof mockApiFetch>;
let keycards: Record<string, unknown>[];
let readOnly: boolean;
let addAnswer: ((call: ApiCall) => ApiAnswer | undefined) | undefined;

/** A fake of the server's keycard calls (services/src/keycard), answering the signed-in session's account. */
function fakeKeycardApi(call: ApiCall): ApiAnswer | undefined {
  if (call.path === '/auth/session') return { status: 200, body: signedInSession };
  if (call.path === '/clients/current')
    return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: { readOnlyKeycards: readOnly } } };
  if (call.path === '/users/persons') return { status: 200, body: [alice, mia] };
  if (call.path === '/users/addresses/countries') return { status: 200, body: countries };
  if (call.path === '/keycards' && call.method === 'GET') return { status: 200, body: keycards };
  if (call.path === '/keycards' && call.method === 'POST') {
    const refused = addAnswer?.(call);
    if (refused) return refused;
    const body = call.body as Record<string, unknown>;
    const added = {
      id: 13,
      personId: body.personId,
      type: body.type,
      clientKey: 'PASS:SWISSPASS',
      status: 'ACTIVE',
      dataCarrierId: String(body.ausweisId).replace(/\s/g, ''),
      fields: body,
      createdAt: '2026-11-23T10:00:00.000Z',
    };
    keycards = [...keycards, added];
    return { status: 201, body: added };
  }
  const removed = /^\/keycards\/(\d+)$/.exec(call.path)?.[1];
  if (removed && call.method === 'DELETE') {
    keycards = keycards.filter((keycard) => String(keycard.id) !== removed);
    return { status: 204 };
  }
  return undefined;
}

beforeEach(() => {
  keycards = [skidata, interrail];
  readOnly = false;
  addAnswer = undefined;
  api = mockApiFetch(fakeKeycardApi);
});
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

const callsTo = (method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path);
const send = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the keycards page', () => {
  it('lists the account’s cards with their holder and status, with the session’s token as bearer', async () => {
    renderRoute(atAddress('/de/profile/keycards'));
    const card = (await screen.findByRole('heading', { level: 3, name: 'SKIDATA-Keycard' })).closest('li')!;
    expect(within(card).getByText('01-1614 7255 0123 4567 8901-2')).toBeTruthy();
    expect(within(card).getByText('Mia Alpin')).toBeTruthy();
    expect(within(card).getByText('Aktiv')).toBeTruthy();
    const pass = screen.getByRole('heading', { level: 3, name: 'Interrail Pass' }).closest('li')!;
    expect(within(pass).getByText('Abgelaufen')).toBeTruthy();
    expect(within(pass).getByText('1. Juli 2026 bis 31. Juli 2026')).toBeTruthy();
    expect(callsTo('GET', '/keycards')[0]?.authorization).toBe(`Bearer ${SESSION_ACCESS_TOKEN}`);
  });

  it('checks a SwissPass number in the page’s language before sending, then adds the card for the chosen person', async () => {
    renderRoute(atAddress('/fr/profile/keycards'));
    const form = (await screen.findByRole('heading', { level: 2, name: 'Ajouter une carte' })).closest(
      'section',
    )!;
    fireEvent.change(within(form).getByLabelText(/Personne/), { target: { value: '2' } });
    expect((within(form).getByLabelText(/Type de carte/) as HTMLSelectElement).value).toBe('SWISSPASS');
    send(/Numéro de carte SwissPass/, 'S123');
    send(/NPA du titulaire/, '3920');
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter la carte' }));
    const number = screen.getByLabelText(/Numéro de carte SwissPass/);
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Un numéro de carte SwissPass se compose de la lettre S et de 11 chiffres.',
    );
    expect(document.activeElement).toBe(number);
    expect(callsTo('POST', '/keycards')).toEqual([]);

    send(/Numéro de carte SwissPass/, 'S12 345 678 901');
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter la carte' }));
    expect(await screen.findByText('La carte a été ajoutée.')).toBe(document.activeElement);
    expect(await screen.findByRole('heading', { level: 3, name: 'SwissPass' })).toBeTruthy();
    expect(callsTo('POST', '/keycards')[0]?.body).toEqual({
      personId: 2,
      type: 'SWISSPASS',
      ausweisId: 'S12 345 678 901',
      zip: '3920',
    });
  });

  it('shows the server’s per-field problem on its field and a refusal of the whole card as an alert', async () => {
    addAnswer = (call) =>
      (call.body as { type: string }).type === 'SWISSTRAVELPASS'
        ? problem(400, 'BAD_REQUEST', [
            { path: 'body.validity.to', message: 'A pass is valid for at most 366 days' },
          ])
        : problem(409, 'KEYCARD_ALREADY_REGISTERED', []);
    renderRoute(atAddress('/en/profile/keycards'));
    const form = (await screen.findByRole('heading', { level: 2, name: 'Add a keycard' })).closest(
      'section',
    )!;
    fireEvent.change(within(form).getByLabelText(/Type of card/), { target: { value: 'SWISSTRAVELPASS' } });
    send(/Card number/, 'STP123456');
    send(/Valid from/, '2026-01-01');
    send(/Valid until/, '2027-06-01');
    fireEvent.click(within(form).getByRole('button', { name: 'Add keycard' }));
    const until = screen.getByLabelText(/Valid until/);
    await waitFor(() => expect(until.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(until.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A pass is valid for at most 366 days',
    );
    expect(callsTo('POST', '/keycards')[0]?.body).toEqual({
      personId: 1,
      type: 'SWISSTRAVELPASS',
      cardId: 'STP123456',
      validity: { from: '2026-01-01', to: '2027-06-01' },
    });

    fireEvent.change(within(form).getByLabelText(/Type of card/), { target: { value: 'FERATEL' } });
    send(/Card number/, 'FER123456');
    fireEvent.click(within(form).getByRole('button', { name: 'Add keycard' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This card is registered already.');
  });

  it('deletes a card', async () => {
    renderRoute(atAddress('/en/profile/keycards'));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete SKIDATA keycard 01-1614 7255 0123 4567 8901-2' }),
    );
    expect(await screen.findByText('The keycard was deleted.')).toBe(document.activeElement);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'SKIDATA keycard' })).toBeNull(),
    );
    expect(callsTo('DELETE', '/keycards/11')).toHaveLength(1);
  });

  it('hides adding and deleting while readOnlyKeycards is on', async () => {
    readOnly = true;
    renderRoute(atAddress('/en/profile/keycards'));
    expect(await screen.findByText('Keycards cannot be added or deleted at the moment.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'SKIDATA keycard' })).toBeTruthy(); // the shell asks for the client first now: the notice may come before the list
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Add a keycard' })).toBeNull();
  });

  it('asks to add a person first when the account has none', async () => {
    api.restore();
    api = mockApiFetch((call) =>
      call.path === '/users/persons' ? { status: 200, body: [] } : fakeKeycardApi(call),
    );
    renderRoute(atAddress('/de/profile/keycards'));
    expect(await screen.findByRole('link', { name: 'Zu den Personen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Keycard hinzufügen' })).toBeNull();
  });

  it('shows the empty state', async () => {
    keycards = [];
    renderRoute(atAddress('/en/profile/keycards'));
    expect(await screen.findByText('You have not added a keycard yet.')).toBeTruthy();
  });
});
