import { fireEvent, screen, waitFor } from '@testing-library/react';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { fakeAccountApi } from '../../../test/support/account-fixtures';
import { signedInSession } from '../../../test/support/signed-in-session';

/** §3 Account on the profile: e-mail shown, language and newsletter changed with PATCH /users/account. */
let api: ReturnType<typeof mockApiFetch>;
let account: { language: string; metaInformation: { acceptedNewsletter: boolean } };
let patchStatus: number;
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

beforeEach(() => {
  account = { language: 'en', metaInformation: { acceptedNewsletter: false } };
  patchStatus = 200;
  const persons = fakeAccountApi({ owner });
  api = mockApiFetch((call: ApiCall) => {
    const user = () => ({
      id: 'alice',
      email: 'alice@example.ch',
      deletedAt: null,
      deleteAfter: null,
      ...account,
    });
    if (call.path === '/auth/session') return { status: 200, body: signedInSession };
    if (call.path === '/clients/current')
      return { status: 200, body: { id: 1, name: 'Alpenpass', featureFlags: {} } };
    if (call.path === '/users/current') return { status: 200, body: user() };
    if (call.path === '/users/account' && call.method === 'PATCH') {
      if (patchStatus !== 200)
        return { status: patchStatus, body: { code: 'ACCOUNT_SERVICE_UNAVAILABLE', errors: [] } };
      account = { ...account, ...(call.body as typeof account) };
      return { status: 200, body: user() };
    }
    return persons(call);
  });
});

const patches = () => api.calls.filter((call) => call.method === 'PATCH' && call.path === '/users/account');

describe('the account settings on the profile', () => {
  it('shows the e-mail, and saves the newsletter and the language, the shop then speaking the chosen language', async () => {
    const { router } = renderRoute(atAddress('/en/profile'));
    expect(await screen.findByText('Your e-mail address: alice@example.ch')).toBeTruthy();
    const language = screen.getByRole('combobox', {
      name: 'Language of the shop and of our e-mails',
    }) as HTMLSelectElement;
    expect(language.value).toBe('en');
    const newsletter = screen.getByRole('checkbox', {
      name: 'Send me the newsletter with offers and news from the resort',
    }) as HTMLInputElement;
    expect(newsletter.checked).toBe(false);

    fireEvent.click(newsletter);
    fireEvent.change(language, { target: { value: 'fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/profile'));
    expect(patches().map((call) => call.body)).toEqual([
      { language: 'fr', metaInformation: { acceptedNewsletter: true } },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Paramètres du compte' })).toBeTruthy();
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: /newsletter/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says so when the settings cannot be saved, and stays', async () => {
    patchStatus = 503;
    const { router } = renderRoute(atAddress('/de/profile'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Newsletter/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Einstellungen speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ihre Einstellungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    );
    expect(router.state.location.pathname).toBe('/de/profile');
  });
});
