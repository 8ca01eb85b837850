import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter } from 'react-router';
// as in main.tsx: the router that can render an address change at once (useAddressParams)
import { RouterProvider } from 'react-router/dom';
import { routes } from '../../src/app/router';
import { createStore } from '../../src/lib/api/store';

/** The whole app (store, routes, locale layout) at one address, in memory. */
export function renderRoute(path: string): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={createStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { router, ...view };
}
