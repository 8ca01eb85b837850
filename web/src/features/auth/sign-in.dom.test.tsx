import { fireEvent, screen, waitFor } from '@testing-library/react';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { atAddress } from '../../../test/support/customer-token';
import { mockApiFetch, type ApiAnswer, type ApiCall } from '../../../test/support/mock-api-fetch';
import { renderRoute } from '../../../test/support/render-route';
import { signedInSession } from '../../../test/support/signed-in-session';

// the shared machine runs several suites at once: give the first lazy page load time

jest.mock('../../lib/navigation/leave-shop', () => ({ leaveShopFor: jest.fn() }));

let api: ReturnType<typeof mockApiFetch>;
let session: unknown;
let signInAnswer: (call: ApiCall) => ApiAnswer;

/** A fake of /api/auth (Auth.js, docs/auth.md): form posts with json=true are answered { url }. */
function fakeSignIn(call: ApiCall): ApiAnswer | undefined {
  if (call.path === '/auth/session') return { status: 200, body: session };
  if (call.path === '/auth/csrf') return { status: 200, body: { csrfToken: 'csrf-1' } };
  if (call.method === 'POST' && call.path.startsWith('/auth/signin/')) return signInAnswer(call);
  if (call.method === 'POST' && call.path === '/auth/signout') {
    session = {};
    return { status: 200, body: { url: 'http://localhost/de' } };
  }
  return undefined;
}

beforeEach(() => {
  session = {};
  signInAnswer = () => ({
    status: 200,
    body: { url: 'http://localhost/oidc/auth?client_id=alpenpass-shop&state=s' },
  });
  api = mockApiFetch(fakeSignIn);
});
afterEach(() => {
  api.restore();
  jest.mocked(leaveShopFor).mockClear();
  window.history.replaceState(null, '', '/');
});

const formOf = (call: ApiCall | undefined) => Object.fromEntries(new URLSearchParams(call?.body as string));
const lastPost = (path: string) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === path).at(-1);

describe('signing in on /auth-selector', () => {
  it('explains a 401 (error=AUTH_ERROR) and signs in with the shop’s account, back to returnTo', async () => {
    renderRoute(
      atAddress(
        `/de/auth-selector?error=AUTH_ERROR&returnTo=${encodeURIComponent('http://localhost/de/profile/keycards')}`,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Mit Ihrem Konto bei Alpenpass anmelden' }));
    await waitFor(() =>
      expect(leaveShopFor).toHaveBeenCalledWith(
        'http://localhost/oidc/auth?client_id=alpenpass-shop&state=s',
      ),
    );
    expect(formOf(lastPost('/auth/signin/oidc'))).toEqual({
      csrfToken: 'csrf-1',
      callbackUrl: 'http://localhost/de/profile/keycards',
      json: 'true',
    });
    // the provider's sign-in form speaks the page's language: Auth.js passes the query on as OpenID's ui_locales
    expect(lastPost('/auth/signin/oidc')?.search).toBe('?ui_locales=de');
  });

  it('does not take a foreign returnTo as the callbackUrl', async () => {
    renderRoute(atAddress(`/en/auth-selector?returnTo=${encodeURIComponent('https://evil.example/steal')}`));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with your Alpenpass account' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalled());
    expect(formOf(lastPost('/auth/signin/oidc')).callbackUrl).toBe('http://localhost/en');
    expect(lastPost('/auth/signin/oidc')?.search).toBe('?ui_locales=en');
  });

  it('takes the callbackUrl of a SessionRequired address as the way back', async () => {
    renderRoute(
      atAddress(
        `/en/auth-selector?error=SessionRequired&callbackUrl=${encodeURIComponent('http://localhost/en/profile/subscriptions?status=ACTIVE')}`,
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in to see this page.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with your Alpenpass account' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalled());
    expect(formOf(lastPost('/auth/signin/oidc')).callbackUrl).toBe(
      'http://localhost/en/profile/subscriptions?status=ACTIVE',
    );
  });

  it('shows the error of the url a sign-in answers in the page’s language and stays', async () => {
    signInAnswer = () => ({
      status: 400,
      body: { url: 'http://localhost/api/auth/error?error=INVALID_CALLBACK_URL_ERROR' },
    });
    renderRoute(atAddress('/fr/auth-selector'));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Se connecter avec votre compte chez Alpenpass' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce lien de connexion mène hors de la boutique et a été bloqué.',
    );
    expect(leaveShopFor).not.toHaveBeenCalled();
  });

  it('shows the error and code of its own address (CredentialsSignin, too_many_attempts)', async () => {
    renderRoute(atAddress('/en/auth-selector?error=CredentialsSignin&code=too_many_attempts'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('sends an e-mail link and says so, and links to registration at the identity provider', async () => {
    signInAnswer = () => ({
      status: 200,
      body: { url: 'http://localhost/api/auth/verify-request?provider=email&type=email' },
    });
    renderRoute(atAddress('/de/auth-selector?returnTo=%2Fde%2Forders'));
    // the provider's registration page in the shop page's language, which becomes the account's
    expect((await screen.findByRole('link', { name: 'Konto erstellen' })).getAttribute('href')).toBe(
      '/oidc/register?lang=de',
    );
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'kein-at' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldelink senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'alice@example.ch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmeldelink senden' }));
    expect(
      await screen.findByText(
        'Falls ein Konto alice@example.ch verwendet, haben wir dorthin einen Anmeldelink gesendet. Er ist 15 Minuten gültig.',
      ),
    ).toBeTruthy();
    expect(formOf(lastPost('/auth/signin/email'))).toEqual({
      email: 'alice@example.ch',
      csrfToken: 'csrf-1',
      callbackUrl: 'http://localhost/de/orders',
      json: 'true',
    });
    expect(leaveShopFor).not.toHaveBeenCalled();
  });
});

describe('the header’s session menu', () => {
  it('links a visitor to sign in with the current page as returnTo', async () => {
    const { router } = renderRoute(atAddress('/en/basket'));
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth-selector'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/en/basket');
  });

  it('signs a customer out with the csrf token and leaves for the answered url', async () => {
    session = signedInSession;
    renderRoute(atAddress('/de/basket'));
    fireEvent.click(await screen.findByRole('button', { name: 'Abmelden' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith('http://localhost/de'));
    expect(formOf(lastPost('/auth/signout'))).toEqual({
      csrfToken: 'csrf-1',
      callbackUrl: 'http://localhost/de',
      json: 'true',
    });
  });
});

describe('a session whose token could not be renewed', () => {
  it('is sent to sign in again like a visitor without session', async () => {
    session = { ...signedInSession, accessToken: undefined, error: 'RefreshAccessTokenError' };
    const { router } = renderRoute(atAddress('/en/profile/keycards'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth-selector'));
    expect(router.state.location.search).toBe(
      `?error=SessionRequired&callbackUrl=${encodeURIComponent('http://localhost/en/profile/keycards')}`,
    );
    expect(api.calls.filter((call) => call.path === '/keycards')).toEqual([]);
  });
});
