import { DateTime } from 'luxon';
import type { Language } from '@alpenpass/contracts';
import type { OrderMailKind } from '@alpenpass/workflows';
import { mailTexts } from './mail-texts';

/** What an order mail shows, gathered from the order (order-mail-content.ts). Amounts in rappen. */
export interface OrderMailContent {
  kind: OrderMailKind;
  language: Language;
  refno: string;
  items: { name: string; validity: { from: string; to: string } | null; quantity: number; amount: number }[];
  total: number;
  refund?: { amount: number; onlineCredit: boolean };
  hasAttachments: boolean;
  /** notes the order's items add (a season pass's renewal terms, renewal-note.ts) */
  itemNotes?: string[];
  /** the order's page in the shop (a guest's carries the order's signed token) */
  orderPageUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Texts about a Swiss resort: amounts as CHF in the language's Swiss locale, days in Zurich time. */
const timezone = 'Europe/Zurich';
const localeOf = (language: Language) => `${language}-CH`;

export function formatChf(rappen: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'CHF' }).format(
    rappen / 100,
  );
}

export function formatValidity(validity: { from: string; to: string } | null, language: Language): string {
  if (!validity) return '–';
  const day = (iso: string) =>
    DateTime.fromISO(iso, { zone: timezone })
      .setLocale(localeOf(language))
      .toLocaleString(DateTime.DATE_SHORT);
  const from = day(validity.from);
  const to = day(validity.to);
  return from === to ? from : `${from} – ${to}`;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** The subject, plain text and HTML of one order mail, from the same content (the two never differ
 * in what they say). */
export function renderOrderMail(content: OrderMailContent): RenderedMail {
  const texts = mailTexts[content.language];
  const money = (rappen: number) => formatChf(rappen, content.language);
  const subject = fill(texts.subject[content.kind], { refno: content.refno });
  const notes: string[] = [];
  if (content.kind === 'reservation') notes.push(texts.payOnSite);
  if (content.refund)
    notes.push(
      fill(content.refund.onlineCredit ? texts.refundedToCredit : texts.refundedToCard, {
        amount: money(content.refund.amount),
      }),
    );
  if (content.hasAttachments) notes.push(texts.ticketsAttached);
  notes.push(...(content.itemNotes ?? []));
  const heading = content.kind === 'cancellation' ? texts.cancelledItems : null;
  const rows = content.items.map((item) => ({
    name: item.name,
    validity: formatValidity(item.validity, content.language),
    quantity: String(item.quantity),
    amount: money(item.amount),
  }));
  const showTotal = content.kind === 'reservation' || content.kind === 'confirmation';

  const text = [
    `${texts.greeting},`,
    '',
    texts.lead[content.kind],
    '',
    `${texts.refnoLabel}: ${content.refno}`,
    '',
    ...(heading ? [heading] : []),
    ...rows.map(
      (row) =>
        `- ${row.quantity} × ${row.name} (${texts.itemHeaders.validity}: ${row.validity}): ${row.amount}`,
    ),
    ...(showTotal ? ['', `${texts.total}: ${money(content.total)}`] : []),
    ...(notes.length ? ['', ...notes] : []),
    '',
    `${texts.orderPage}: ${content.orderPageUrl}`,
    '',
    texts.closing,
    texts.signature,
    '',
  ].join('\n');

  const cell = (value: string, align = 'left') =>
    `<td style="padding:4px 8px;text-align:${align}">${escapeHtml(value)}</td>`;
  const headerCell = (value: string, align = 'left') =>
    `<th style="padding:4px 8px;text-align:${align}">${escapeHtml(value)}</th>`;
  const html = [
    `<!DOCTYPE html><html lang="${content.language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1d2a36">',
    `<p>${escapeHtml(texts.greeting)},</p>`,
    `<p>${escapeHtml(texts.lead[content.kind])}</p>`,
    `<p><strong>${escapeHtml(texts.refnoLabel)}:</strong> ${escapeHtml(content.refno)}</p>`,
    heading ? `<h3>${escapeHtml(heading)}</h3>` : '',
    '<table style="border-collapse:collapse">',
    `<thead><tr>${headerCell(texts.itemHeaders.product)}${headerCell(texts.itemHeaders.validity)}${headerCell(texts.itemHeaders.quantity, 'right')}${headerCell(texts.itemHeaders.amount, 'right')}</tr></thead>`,
    '<tbody>',
    ...rows.map(
      (row) =>
        `<tr>${cell(row.name)}${cell(row.validity)}${cell(row.quantity, 'right')}${cell(row.amount, 'right')}</tr>`,
    ),
    '</tbody>',
    showTotal
      ? `<tfoot><tr><td colspan="3" style="padding:4px 8px"><strong>${escapeHtml(texts.total)}</strong></td>${cell(money(content.total), 'right')}</tr></tfoot>`
      : '',
    '</table>',
    ...notes.map((note) => `<p>${escapeHtml(note)}</p>`),
    `<p><a href="${escapeHtml(content.orderPageUrl)}">${escapeHtml(texts.orderPage)}</a></p>`,
    `<p>${escapeHtml(texts.closing)}<br>${escapeHtml(texts.signature)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
