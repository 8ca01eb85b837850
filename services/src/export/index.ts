import { orderExportLinesProjection } from '@alpenpass/projections/src/export';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { exportAdminRouter } from './api';

/** Staff exports (docs/exports.md): the §9 templates accounting and order_grouped, from their own read model. */
export function exportContext(deps: ContextDeps): ContextModule {
  return {
    name: 'export',
    routers: [exportAdminRouter(deps.knex, deps.log)],
    projections: [orderExportLinesProjection],
  };
}
