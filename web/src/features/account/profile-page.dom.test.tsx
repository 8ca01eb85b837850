import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { fakeAccountApi, type FakeAccountOptions } from '../../../test/support/account-fixtures';
import { signedInSession } from '../../../test/support/signed-in-session';

// the shared machine runs several suites at once: give the first lazy page load time

let api: ReturnType<typeof mockApiFetch>;
afterEach(() => {
  api.restore();
  window.history.replaceState(null, '', '/');
});

const alice = {
  id: 1,
  firstName: 'Alice',
  lastName: 'Alpin',
  birthdate: '1990-04-01',
  gender: 'f',
  phone: '+41791234567',
  owner: true,
  avatar: null,
};
const home = {
  id: 7,
  addressLine1: 'Dorfstrasse 1',
  addressLine2: null,
  city: 'Zermatt',
  state: null,
  zip: '3920',
  countryCode: 'CHE',
  purpose: ['BILLING'],
};

async function openProfile(locale: string, options: FakeAccountOptions) {
  api = mockApiFetch(fakeAccountApi(options));
  const view = renderRoute(atAddress(`/${locale}/profile?token=${CUSTOMER_TOKEN}`));
  await screen.findByRole('heading', { level: 2, name: /My details|Meine Angaben|Mes coordonnées/ });
  return view;
}

const send = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const lastCall = (method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path).at(-1);

describe('the profile page', () => {
  it('shows the owner and addresses, with the account links keeping the token', async () => {
    await openProfile('de', { owner: alice, addresses: [home] });
    expect(await screen.findByText('Alice')).toBeTruthy();
    expect(screen.getByText('+41791234567')).toBeTruthy();
    expect(screen.getByText('Weiblich')).toBeTruthy();
    expect(await screen.findByText('Schweiz')).toBeTruthy();
    expect(screen.getByText('3920 Zermatt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Personen' }).getAttribute('href')).toBe(
      `/de/profile/persons?token=${CUSTOMER_TOKEN}`,
    );
    expect(lastCall('GET', '/users/persons/owner')?.authorization).toBe(`Bearer ${CUSTOMER_TOKEN}`);
  });

  it('creates the owner after the shared §5 checks, with every owner field required', async () => {
    await openProfile('en', { owner: null });
    expect(await screen.findByText(/Tell us who you are/)).toBeTruthy();
    send(/First name/, 'Alice');
    send(/Last name/, 'Alpin');
    send(/Date of birth/, '2999-01-01');
    send(/Phone/, '+41 12');
    fireEvent.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(
      await screen.findByText(
        'Please enter a real date of birth (at most 150 years ago, not in the future).',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Please enter a valid phone number/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Date of birth/));
    expect(lastCall('POST', '/users/persons/owner')).toBeUndefined();

    send(/Date of birth/, '1990-04-01');
    send(/Phone/, '+41 79 123 45 67');
    fireEvent.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(lastCall('POST', '/users/persons/owner')?.body).toEqual({
      firstName: 'Alice',
      lastName: 'Alpin',
      birthdate: '1990-04-01',
      gender: null,
      phone: '+41 79 123 45 67',
    });
    expect(await screen.findByText('Alice')).toBeTruthy();
  });

  it('prefills the owner with the name and birthdate typed at registration', async () => {
    const account = fakeAccountApi({ owner: null });
    api = mockApiFetch((call) =>
      call.path === '/auth/session'
        ? {
            status: 200,
            body: {
              ...signedInSession,
              registration: { givenName: 'Sina', familyName: 'Saison', birthdate: '1991-02-03' },
            },
          }
        : account(call),
    );
    renderRoute('/de/profile');
    expect(await screen.findByText(/Sagen Sie uns, wer Sie sind/)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText(/Vorname/) as HTMLInputElement).value).toBe('Sina'));
    expect((screen.getByLabelText(/Nachname/) as HTMLInputElement).value).toBe('Saison');
    expect((screen.getByLabelText(/Geburtsdatum/) as HTMLInputElement).value).toBe('1991-02-03');
  });

  it('shows the server’s problem on its field, in the page’s language', async () => {
    await openProfile('fr', { owner: null });
    await screen.findByLabelText(/Prénom/);
    send(/Prénom/, 'Alice');
    send(/^Nom/, 'Servererror');
    send(/Date de naissance/, '1990-04-01');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer mes coordonnées' }));
    const phone = screen.getByLabelText(/Téléphone/);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Veuillez saisir un numéro de téléphone valide/,
    );
  });

  it('changes the owner', async () => {
    await openProfile('en', { owner: alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
    send(/Last name/, 'Alpina');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Alpina')).toBeTruthy();
    expect(lastCall('PATCH', '/users/persons/owner')?.body).toMatchObject({
      firstName: 'Alice',
      lastName: 'Alpina',
      birthdate: '1990-04-01',
    });
  });

  it('adds, changes and deletes an address with the country list in the page’s language', async () => {
    await openProfile('en', { owner: alice, addresses: [] });
    expect(await screen.findByText('You have not saved an address yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('button', { name: 'Add an address' }).closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Add an address' }));
    expect((await screen.findAllByText('Please fill in this field.')).length).toBe(3);
    send(/Street and number/, 'Bahnhofstrasse 5');
    send(/Postcode/, '0');
    send(/Town/, 'Brig');
    await screen.findByRole('option', { name: 'Germany' });
    fireEvent.change(screen.getByLabelText(/Country/), { target: { value: 'DEU' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Deliveries' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add an address' }));
    expect(await screen.findByText('zip is not a postcode')).toBeTruthy();
    send(/Postcode/, '3900');
    fireEvent.click(within(form).getByRole('button', { name: 'Add an address' }));
    expect(await screen.findByText('3900 Brig')).toBeTruthy();
    expect(lastCall('POST', '/users/addresses')?.body).toEqual({
      addressLine1: 'Bahnhofstrasse 5',
      addressLine2: null,
      zip: '3900',
      city: 'Brig',
      state: null,
      countryCode: 'DEU',
      purpose: ['BILLING'],
    });
    expect(screen.getByText('Germany')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change: Bahnhofstrasse 5' }));
    send(/Town/, 'Brig-Glis');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('3900 Brig-Glis')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Bahnhofstrasse 5' }));
    expect(await screen.findByText('The address was deleted.')).toBeTruthy();
    expect(await screen.findByText('You have not saved an address yet.')).toBeTruthy();
  });
});
