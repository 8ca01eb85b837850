import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
// from react-router/dom: it hands ReactDOM.flushSync to the router, so a change asked for with
// flushSync (useAddressParams: filters and paging) renders at once instead of as a transition
import { RouterProvider } from 'react-router/dom';
import { createAppRouter } from './app/router';
import { createStore } from './lib/api/store';
import { appConfig } from './config/current-config';
import { loadConfiguredAnalytics } from './lib/monitoring/analytics';
import { initErrorReporting } from './lib/monitoring/error-reporting';
import './styles.css';

void initErrorReporting(appConfig.errorReporting);
loadConfiguredAnalytics(appConfig.analytics);

const store = createStore();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
);
