import type { ExportTemplate, Language } from '@alpenpass/contracts';

/** How a column's value is written: text as is, whole numbers, CHF from rappen (CSV "12.50", XLSX a
 * number formatted 0.00). */
export type ColumnKind = 'text' | 'integer' | 'chf';

export interface ExportColumn {
  header: string;
  kind: ColumnKind;
  value: (row: Record<string, unknown>, productName: (productId: number) => string) => unknown;
}

const field = (name: string) => (row: Record<string, unknown>) => row[name] ?? null;
const text = (header: string, name = header): ExportColumn => ({ header, kind: 'text', value: field(name) });
const integer = (header: string, name = header): ExportColumn => ({
  header,
  kind: 'integer',
  value: field(name),
});
const chf = (header: string, name: string): ExportColumn => ({ header, kind: 'chf', value: field(name) });

/** The columns of each template, in order (docs/exports.md describes each). */
export const exportColumns: Record<ExportTemplate, ExportColumn[]> = {
  accounting: [
    text('paid_date', 'paid_day'),
    integer('order_id'),
    text('refno'),
    integer('line'),
    text('line_type'),
    text('payment_method'),
    text('order_status', 'status'),
    integer('product_id'),
    {
      header: 'product_name',
      kind: 'text',
      value: (row, productName) =>
        row.line_type === 'CONTRIBUTION'
          ? (row.contribution_name ?? '')
          : productName(Number(row.product_id)),
    },
    integer('product_definition_id'),
    text('item_id'),
    text('valid_from', 'validity_from'),
    text('valid_to', 'validity_to'),
    integer('quantity'),
    chf('unit_price', 'unit_amount'),
    chf('amount', 'amount'),
    text('currency'),
    text('price_source'),
  ],
  order_grouped: [
    text('order_date', 'created_day'),
    integer('order_id'),
    text('refno'),
    text('order_type'),
    text('order_status', 'status'),
    text('payment_status'),
    text('payment_method'),
    text('paid_date', 'paid_day'),
    text('customer'),
    integer('lines'),
    integer('quantity'),
    chf('total', 'amount'),
    chf('contribution', 'contribution'),
    text('currency'),
  ],
};

/** rappen → "12.50" without floating point (negative amounts keep their sign). */
export function chfText(rappen: number): string {
  const sign = rappen < 0 ? '-' : '';
  const absolute = Math.abs(rappen);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export type ProductNames = (productId: number) => string;
export const productNamesIn =
  (names: Map<number, Record<Language, string>>, language: Language): ProductNames =>
  (productId) =>
    names.get(productId)?.[language] ?? '';
