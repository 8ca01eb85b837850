import { exportParams, exportQuery, fallbackLanguage } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { ApiRouter } from '../platform/http/api-router';
import type { PlatformLogger } from '../platform/event-store/event-store';
import { exportContentType, exportFileName, writeExport } from './export-service';

/** GET /api/admin/exports/{template}?from&to&format (staff): the §9 export templates as a download. */
export function exportAdminRouter(knex: Knex, log: PlatformLogger): ApiRouter {
  return new ApiRouter('Exports (admin)', '/admin/exports').route(
    {
      method: 'get',
      operationId: 'adminDownloadExport',
      path: '/:template',
      summary:
        'Download the accounting or order_grouped export of a range of days (Europe/Zurich) as CSV or XLSX, streamed',
      access: 'admin',
      params: exportParams,
      query: exportQuery,
    },
    async ({ params, query, res }) => {
      const request = {
        template: params.template,
        format: query.format,
        from: query.from,
        to: query.to,
        language: query.language ?? fallbackLanguage,
      };
      res.status(200);
      res.setHeader('Content-Type', exportContentType[request.format]);
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(request)}"`);
      try {
        await writeExport(knex, request, res);
      } catch (error) {
        // the status line is gone: the client sees a cut-off download, the log says why
        log.error({ err: error, template: request.template }, 'export failed while streaming');
        res.destroy(error as Error);
      }
    },
  );
}
