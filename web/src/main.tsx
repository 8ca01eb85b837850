import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
// from react-router/dom: it hands ReactDOM.flushSync to the router, so a change asked for with
// flushSync (useAddressParams: filters and paging) renders at once instead of as a transition
import { RouterProvider } from 'react-router/dom';
import { matchRoutes } from 'react-router';
import { createAppRouter, routes } from './app/router';
import { primeCatalogue } from './app/locale/use-catalogue';
import { createStore } from './lib/api/store';
import { followServerClock } from './lib/clock/shop-clock';
import { readServerState, serverStateAction } from './lib/server-rendering/server-state';
import { appConfig } from './config/current-config';
import { loadConfiguredAnalytics } from './lib/monitoring/analytics';
import { initErrorReporting } from './lib/monitoring/error-reporting';
import './styles.css';

void initErrorReporting(appConfig.errorReporting);
loadConfiguredAnalytics(appConfig.analytics);

/** A server-rendered page's route modules are loaded before hydrating, so the first render is the server's page. */
async function loadRouteModules(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const store = createStore();
  const serverState = readServerState(document);
  if (serverState) {
    store.dispatch(serverStateAction(serverState));
    primeCatalogue(serverState.locale, serverState.messages);
    followServerClock(new Date(serverState.renderedAt));
    await loadRouteModules();
  }
  const app = (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={createAppRouter()} />
      </Provider>
    </StrictMode>
  );
  if (serverState) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
