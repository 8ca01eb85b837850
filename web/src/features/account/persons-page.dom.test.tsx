import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CUSTOMER_TOKEN, atAddress } from '../../../test/support/customer-token';
import { mockApiFetch } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { fakeAccountApi, type FakeAccountOptions } from '../../../test/support/account-fixtures';

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

async function openPersons(locale: string, options: FakeAccountOptions) {
  api = mockApiFetch(fakeAccountApi(options));
  const view = renderRoute(atAddress(`/${locale}/profile/persons?token=${CUSTOMER_TOKEN}`));
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const send = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const lastCall = (method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path).at(-1);

describe('the persons page', () => {
  it('lists the persons, the owner without edit or delete', async () => {
    await openPersons('de', { owner: alice, persons: [mia] });
    expect(await screen.findByRole('heading', { level: 3, name: 'Mia Alpin' })).toBeTruthy();
    expect(screen.getByText('geboren am 3. Juli 2020')).toBeTruthy();
    const ownerCard = screen.getByRole('heading', { level: 3, name: 'Alice Alpin' }).closest('li')!;
    expect(within(ownerCard).queryByRole('button')).toBeNull();
    expect(within(ownerCard).getByText(/Das sind Sie/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mia Alpin ändern' })).toBeTruthy();
  });

  it('asks only for the fields the server’s rules use, marks the required ones, and adds a person', async () => {
    await openPersons('en', {
      owner: alice,
      personRules: { required: ['firstName', 'lastName'], disabled: ['avatar', 'phone', 'gender'] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a person' }));
    expect(screen.queryByLabelText(/Phone/)).toBeNull();
    expect(screen.queryByLabelText(/Gender/)).toBeNull();
    expect(screen.getByLabelText(/First name/).closest('.field')?.textContent).toContain('(required)');
    expect(screen.getByLabelText(/Date of birth/).closest('.field')?.textContent).not.toContain('(required)');
    const form = screen.getByRole('heading', { level: 2, name: 'New person' }).closest('section')!;
    send(/First name/, 'Luca');
    fireEvent.click(within(form).getByRole('button', { name: 'Add a person' }));
    expect(await screen.findByText('Please fill in this field.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Last name/));
    send(/Last name/, 'Alpin');
    fireEvent.click(within(form).getByRole('button', { name: 'Add a person' }));
    expect(await screen.findByText('The person was added.')).toBe(document.activeElement);
    expect(await screen.findByRole('heading', { level: 3, name: 'Luca Alpin' })).toBeTruthy();
    expect(lastCall('POST', '/users/persons')?.body).toEqual({
      firstName: 'Luca',
      lastName: 'Alpin',
      birthdate: null,
    });
  });

  it('shows the server’s PERSON_FIELD_REQUIRED on the field it names', async () => {
    // the server requires a gender the form treated as optional: its problem lands on the gender field
    await openPersons('fr', {
      owner: alice,
      personRules: { required: ['firstName', 'lastName', 'birthdate'], disabled: ['avatar', 'phone'] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter une personne' }));
    send(/Prénom/, 'Luca');
    send(/^Nom/, 'Alpin');
    send(/Date de naissance/, '2015-02-01');
    api.restore();
    api = mockApiFetch((call) =>
      call.method === 'POST' && call.path === '/users/persons'
        ? {
            status: 400,
            body: {
              code: 'PERSON_FIELD_REQUIRED',
              errors: [{ path: 'body.gender', message: 'The field gender is required.' }],
            },
          }
        : fakeAccountApi({ owner: alice })(call),
    );
    const form = screen.getByRole('heading', { level: 2, name: 'Nouvelle personne' }).closest('section')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Ajouter une personne' }));
    const gender = screen.getByLabelText(/Genre/);
    await waitFor(() => expect(gender.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(gender.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Veuillez remplir ce champ.',
    );
  });

  it('changes and deletes a person', async () => {
    await openPersons('en', { owner: alice, persons: [mia] });
    fireEvent.click(await screen.findByRole('button', { name: 'Change Mia Alpin' }));
    send(/First name/, 'Mila');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Mila Alpin' })).toBeTruthy();
    expect(lastCall('PATCH', '/users/persons/2')?.body).toEqual({
      firstName: 'Mila',
      lastName: 'Alpin',
      birthdate: '2020-07-03',
      gender: 'f',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Mila Alpin' }));
    expect(await screen.findByText('The person was deleted.')).toBe(document.activeElement);
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Mila Alpin' })).toBeNull());
    expect(lastCall('DELETE', '/users/persons/2')).toBeTruthy();
  });
});
