import { useEffect } from 'react';
import { useParams, useRouteError } from 'react-router';
import { FallbackPanel } from './fallback-panel';
import { reportError } from '../../lib/monitoring/error-reporting';

/** The router's errorElement: errors thrown while rendering a route end up here. */
export function RouteErrorPanel() {
  const error = useRouteError();
  const { locale } = useParams();
  useEffect(() => {
    reportError(error);
  }, [error]);
  return <FallbackPanel locale={locale} />;
}
