import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { CataloguePage } from '../features/catalogue/catalogue-page';
import { RouteErrorPanel } from './errors/route-error-panel';
import { LocaleLayout } from './locale/locale-layout';
import { navigatorLanguages, rememberedLocale } from './locale/locale-cookie';
import { RootRedirect } from './locale/root-redirect';
import { NotFoundPage } from './not-found-page';

/** §2 pages that are linked without a locale (a 401 goes to /auth-selector) get the remembered one. */
function AddLocalePrefix() {
  const { pathname, search, hash } = useLocation();
  return (
    <Navigate
      replace
      to={`/${rememberedLocale(document.cookie, navigatorLanguages())}${pathname}${search}${hash}`}
    />
  );
}

/** A page loaded on first visit; until its chunk arrives the page area stays empty. */
function lazyPage(path: string, load: () => Promise<{ default: ComponentType }>) {
  return { path, HydrateFallback: () => null, lazy: async () => ({ Component: (await load()).default }) };
}

const unprefixedPages = ['/auth/link', '/auth-selector', '/profile', '/profilev2/reactivate'];

export const routes: RouteObject[] = [
  { path: '/', element: <RootRedirect />, errorElement: <RouteErrorPanel /> },
  ...unprefixedPages.map((path) => ({ path, element: <AddLocalePrefix /> })),
  {
    path: '/:locale',
    element: <LocaleLayout />,
    errorElement: <RouteErrorPanel />,
    children: [
      { index: true, element: <CataloguePage /> },
      lazyPage('products/:productId', () => import('../features/basket/configuration/product-page')),
      lazyPage('basket', () => import('../features/checkout/page/basket-checkout-page')),
      lazyPage('checkout/:checkoutId', () => import('../features/checkout/page/checkout-page')),
      lazyPage('checkout/:checkoutId/return', () => import('../features/checkout/page/payment-return-page')),
      lazyPage('orders', () => import('../features/order/orders-page')),
      lazyPage('orders/:orderId', () => import('../features/order/order-page')),
      lazyPage('auth/link', () => import('../features/auth/auth-link-page')),
      lazyPage('auth-selector', () => import('../features/auth/auth-selector-page')),
      lazyPage('profile', () => import('../features/account/profile-page')),
      lazyPage('profile/persons', () => import('../features/account/persons-page')),
      lazyPage('profile/keycards', () => import('../features/keycard/keycards-page')),
      lazyPage('profile/subscriptions', () => import('../features/subscription/subscriptions-page')),
      lazyPage('profile/consumptions', () => import('../features/consumption/consumptions-page')),
      lazyPage('profile/online-credit', () => import('../features/online-credit/online-credit-page')),
      lazyPage('profile/payment-details', () => import('../features/payment-detail/payment-details-page')),
      lazyPage('profile/payment-details/return', () => import('../features/payment-detail/card-return-page')),
      lazyPage('profilev2', async () => ({
        default: (await import('../features/account/profile-page')).ProfileV2Page,
      })),
      lazyPage('profilev2/reactivate', () => import('../features/account/reactivate-page')),
      lazyPage('guest-checkout', () => import('../features/auth/guest-checkout-page')),
      lazyPage('pages/:slug', () => import('../features/pages/content-page')),
      lazyPage('waiting-room/:saleId', () => import('../features/waiting-room/waiting-room-page')),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
