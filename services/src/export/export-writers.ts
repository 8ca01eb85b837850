import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { chfText, type ExportColumn, type ProductNames } from './export-columns';

type Row = Record<string, unknown>;

function csvCell(column: ExportColumn, row: Row, names: ProductNames): string {
  const value = column.value(row, names);
  if (value === null || value === undefined) return '';
  if (column.kind === 'chf') return chfText(Number(value));
  return String(value);
}

function xlsxCell(column: ExportColumn, row: Row, names: ProductNames): string | number | null {
  const value = column.value(row, names);
  if (value === null || value === undefined) return null;
  if (column.kind === 'chf') return Number(value) / 100;
  if (column.kind === 'integer') return Number(value);
  return String(value);
}

/** CSV (RFC 4180, comma, header row, UTF-8 with a byte-order mark so spreadsheet programs read the
 * umlauts), row by row as PostgreSQL delivers them: memory stays flat whatever the range. */
export async function writeCsv(
  rows: Readable,
  columns: ExportColumn[],
  names: ProductNames,
  out: Writable,
): Promise<void> {
  out.write('\uFEFF');
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
  });
  csv.pipe(out);
  for await (const row of rows) {
    if (!csv.write(columns.map((column) => csvCell(column, row as Row, names)))) await once(csv, 'drain');
  }
  csv.end();
  await finished(out);
}

/** XLSX through exceljs's streaming writer: each row is committed (written out) as it comes. */
export async function writeXlsx(
  rows: Readable,
  columns: ExportColumn[],
  names: ProductNames,
  out: Writable,
  sheetName: string,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.header,
    width: Math.max(12, column.header.length + 2),
    style: column.kind === 'chf' ? { numFmt: '0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet.addRow(columns.map((column) => xlsxCell(column, row as Row, names))).commit();
  }
  sheet.commit();
  await workbook.commit();
}
