import type { Writable } from 'node:stream';
import type { ExportFormat, ExportTemplate, Language } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { findProducts } from '@alpenpass/projections/src/catalogue';
import {
  accountingLinesQuery,
  groupedOrdersQuery,
  type ExportRange,
} from '@alpenpass/projections/src/export';
import { exportColumns, productNamesIn } from './export-columns';
import { writeCsv, writeXlsx } from './export-writers';

/** The operator's days: a resort in Switzerland books by Zurich's calendar day. */
export const exportTimezone = 'Europe/Zurich';

export interface ExportRequest {
  template: ExportTemplate;
  format: ExportFormat;
  from: string;
  to: string;
  language: Language;
}

export const exportFileName = (request: ExportRequest) =>
  `${request.template}_${request.from}_${request.to}.${request.format}`;
export const exportContentType: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Product names by id in every language; the catalogue is small (one resort), the orders are not. */
async function productNames(knex: Knex): Promise<Map<number, Record<Language, string>>> {
  try {
    return new Map((await findProducts(knex)).map((product) => [product.id, product.name]));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return new Map(); // no catalogue read model in this database
    throw error;
  }
}

/** Streams one export from PostgreSQL into `out` (a cursor: rows are read as they are written). */
export async function writeExport(knex: Knex, request: ExportRequest, out: Writable): Promise<void> {
  const range: ExportRange = { from: request.from, to: request.to, timezone: exportTimezone };
  const names = productNamesIn(await productNames(knex), request.language);
  const query =
    request.template === 'accounting'
      ? accountingLinesQuery(knex, range, request.language)
      : groupedOrdersQuery(knex, range);
  const rows = query.stream({ highWaterMark: 500 });
  try {
    const columns = exportColumns[request.template];
    if (request.format === 'csv') await writeCsv(rows, columns, names, out);
    else await writeXlsx(rows, columns, names, out, request.template);
  } finally {
    rows.destroy();
  }
}
