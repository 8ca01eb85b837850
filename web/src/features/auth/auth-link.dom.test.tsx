import { fireEvent, screen, waitFor } from '@testing-library/react';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { LINK_KEEP_KEY } from './link-identity';

jest.mock('../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

/** An unsigned token with a subject: the page reads `sub`, the (fake) API checks the rest. */
const tokenOf = (sub: string) =>
  `eyJhbGciOiJFUzI1NiJ9.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.c2lnbmF0dXJl`;
const aliceToken = tokenOf('alice-sub');
const bobToken = tokenOf('bob-sub');
const sessionAs = (name: string, accessToken: string) => ({
  user: { id: name, name, email: `${name.toLowerCase()}@example.ch` },
  expires: '2030-01-01T00:00:00.000Z',
  accessToken,
  accessTokenExpiresAt: 1893456000,
});

let api: ReturnType<typeof mockApiFetch>;
let session: unknown;
let linkAnswer: ApiAnswer;

function fakeShop(call: ApiCall): ApiAnswer | undefined {
  if (call.path === '/auth/session') return { status: 200, body: session };
  if (call.path === '/auth/csrf') return { status: 200, body: { csrfToken: 'csrf-1' } };
  if (call.method === 'POST' && call.path === '/auth/signin/oidc')
    return { status: 200, body: { url: 'http://localhost/oidc/auth?prompt=login' } };
  if (call.method === 'POST' && call.path === '/users/account/link') return linkAnswer;
  return undefined;
}

beforeEach(() => {
  session = {};
  linkAnswer = {
    status: 200,
    body: {
      accountId: 'alice-account',
      identities: [{ provider: 'https://auth.example/', userId: 'bob-sub' }],
    },
  };
  sessionStorage.clear();
  api = mockApiFetch(fakeShop);
});
afterEach(() => {
  api.restore();
  jest.mocked(leaveShopFor).mockClear();
  window.history.replaceState(null, '', '/');
});

const linkCalls = () => api.calls.filter((call) => call.path === '/users/account/link');

describe('linking two sign-ins on /auth/link', () => {
  it('asks a signed-out visitor to sign in first with the account to keep', async () => {
    renderRoute('/en/auth/link');
    const explanation = await screen.findByText(/Please sign in first with the account you want to keep\./);
    const signIn = explanation.querySelector('a');
    expect(signIn?.textContent).toBe('Sign in');
    expect(signIn?.getAttribute('href')).toBe(
      `/en/auth-selector?returnTo=${encodeURIComponent('/en/auth/link')}`,
    );
  });

  it('keeps the signed-in account’s token and sends the customer to sign in with the other one', async () => {
    session = sessionAs('Alice', aliceToken);
    renderRoute('/de/auth/link');
    await screen.findByText(
      'Das Konto, das Sie behalten: Alice. Melden Sie sich noch einmal an, mit dem anderen Konto; danach öffnet es ebenfalls dieses.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mit dem anderen Konto anmelden' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('http://localhost/oidc/auth?prompt=login'));
    expect(JSON.parse(sessionStorage.getItem(LINK_KEEP_KEY) ?? 'null')).toEqual({
      keepToken: aliceToken,
      keepName: 'Alice',
    });
    const signIn = api.calls.find((call) => call.path === '/auth/signin/oidc');
    expect(new URLSearchParams(signIn?.body as string).get('callbackUrl')).toBe(
      'http://localhost/de/auth/link',
    );
    expect(linkCalls()).toHaveLength(0);
  });

  it('back signed in with the other identity: links it with the kept account’s token as the bearer and its own as the proof', async () => {
    sessionStorage.setItem(LINK_KEEP_KEY, JSON.stringify({ keepToken: aliceToken, keepName: 'Alice' }));
    session = sessionAs('Bob', bobToken);
    renderRoute('/en/auth/link');
    expect(
      (await screen.findByText('Done: both sign-ins now open the account of Alice.')).getAttribute('role'),
    ).toBe('status');
    expect(linkCalls()).toHaveLength(1);
    expect(linkCalls()[0]!.authorization).toBe(`Bearer ${aliceToken}`);
    expect(linkCalls()[0]!.body).toEqual({ newAccountSub: 'bob-sub', linkToken: bobToken });
    expect(sessionStorage.getItem(LINK_KEEP_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/en/profile');
  });

  it('says so when the other sign-in belongs to another account, and lets the customer try another one or cancel', async () => {
    sessionStorage.setItem(LINK_KEEP_KEY, JSON.stringify({ keepToken: aliceToken, keepName: 'Alice' }));
    session = sessionAs('Bob', bobToken);
    linkAnswer = {
      status: 409,
      body: {
        code: 'IDENTITY_LINKED_ELSEWHERE',
        detail: 'This identity belongs to another account.',
        errors: [],
      },
    };
    renderRoute('/fr/auth/link');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette connexion appartient déjà à un autre compte et ne peut pas être liée. Veuillez en utiliser une autre.',
    );
    // the kept account is still Alice's, though Bob is signed in now (the matcher reads the no-break space as a space)
    expect(screen.getByText(/Le compte que vous conservez\s: Alice\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler la liaison' }));
    expect(sessionStorage.getItem(LINK_KEEP_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Le compte que vous conservez\s: Bob\./)).toBeTruthy();
  });

  it('does not link an account to itself when the customer signed in with the kept account again', async () => {
    sessionStorage.setItem(LINK_KEEP_KEY, JSON.stringify({ keepToken: aliceToken, keepName: 'Alice' }));
    session = sessionAs('Alice', aliceToken);
    renderRoute('/en/auth/link');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You signed in with the account you keep. Please sign in with the other one.',
    );
    expect(linkCalls()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sign in with the other account' })).toBeTruthy();
  });
});
