import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { routes } from './router';
import { createStore } from '../lib/api/store';
import { LOCALE_COOKIE_NAME } from './locale/locale-cookie';

function Exploding(): never {
  throw new Error('render failure');
}

function renderAt(path: string, extraChildren: RouteObject[] = []) {
  const withExtras = routes.map((route): RouteObject =>
    route.path === '/:locale' && !route.index
      ? { ...route, children: [...(route.children ?? []), ...extraChildren] }
      : route,
  );
  const router = createMemoryRouter(withExtras, { initialEntries: [path] });
  const view = render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, ...view };
}

const clearCookie = () => {
  document.cookie = `${LOCALE_COOKIE_NAME}=; Max-Age=0; Path=/`;
};

beforeEach(() => {
  clearCookie();
  // a German-speaking browser unless a test says otherwise (jsdom's own is en-US)
  jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-CH', 'de']);
});
afterEach(() => jest.restoreAllMocks());

describe('locale routes', () => {
  it('shows the catalogue in German under /de and remembers the locale', async () => {
    renderAt('/de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tickets und Abos' })).toBeTruthy();
    expect(screen.getByLabelText('Produkte suchen')).toBeTruthy();
    expect(document.cookie).toContain(`${LOCALE_COOKIE_NAME}=de`);
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows French texts under /fr', async () => {
    renderAt('/fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Billets et abonnements' })).toBeTruthy();
    expect(screen.getByLabelText('Catégorie')).toBeTruthy();
  });

  it('renders nothing for an unsupported locale', async () => {
    const { container } = renderAt('/xx');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.innerHTML).toBe('');
  });

  it('leads / to de, or to the remembered locale', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['it-CH', 'es']);
    const first = renderAt('/?token=abc');
    await screen.findByRole('heading', { level: 1, name: 'Tickets und Abos' });
    expect(first.router.state.location.pathname).toBe('/de');
    expect(first.router.state.location.search).toBe('?token=abc');
    first.unmount();

    document.cookie = `${LOCALE_COOKIE_NAME}=en; Path=/`;
    const second = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Tickets and passes' });
    expect(second.router.state.location.pathname).toBe('/en');
  });

  it('leads a first visit to the browser’s language, and a remembered locale wins over it', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CH', 'de-CH']);
    const first = renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Billets et abonnements' });
    expect(first.router.state.location.pathname).toBe('/fr');
    first.unmount();

    document.cookie = `${LOCALE_COOKIE_NAME}=de; Path=/`;
    const second = renderAt('/auth-selector');
    await screen.findByRole('heading', { level: 1, name: 'Anmelden' });
    expect(second.router.state.location.pathname).toBe('/de/auth-selector');
  });

  it('serves the §2 pages, and forwards /auth-selector to the locale', async () => {
    const { router } = renderAt('/auth-selector?error=AUTH_ERROR&returnTo=%2Fde%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/de/auth-selector');
    expect(screen.getByRole('alert').textContent).toBe(
      'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    );
    expect(screen.getByRole('link', { name: 'Zurück zur vorherigen Seite' }).getAttribute('href')).toBe(
      '/de/profile',
    );
  });

  it.each([
    ['/en/auth/link', 'Link your accounts'],
    ['/en/auth-selector', 'Sign in'],
    // the reactivate page needs a session: a signed-out visitor is asked to sign in first
    ['/fr/profilev2/reactivate', 'Se connecter'],
  ])('%s has its page', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('shows the fallback panel when a page fails to render', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/en/broken', [{ path: 'broken', element: <Exploding /> }]);
    const panel = await screen.findByRole('alert');
    expect(panel.querySelector('h1')?.textContent).toBe('Something went wrong');
    expect(panel.querySelector('p')?.textContent).toBe(
      'This page could not be shown. Please reload it or try again later.',
    );
    quiet.mockRestore();
  });
});
