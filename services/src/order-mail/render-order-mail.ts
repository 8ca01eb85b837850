import { DateTime } from 'luxon';
import type { Language } from '@alpenpass/contracts';
import type { OrderMailKind } from '@alpenpass/workflows';
import { renderBrandedMail, type MailBlock } from '../platform/mail/branded-mail';
import type { ShopLook } from '../platform/look/shop-look';
import { mailFooterText } from '../platform/look/contact-footer';
import { mailTexts } from './mail-texts';

/** What an order mail shows, gathered from the order (order-mail-content.ts). Amounts in rappen. */
export interface OrderMailContent {
  kind: OrderMailKind;
  language: Language;
  refno: string;
  /** `line`: how the item reads (product, person type, dates, slot: describeOrderLine) */
  items: { line: string; quantity: number; amount: number }[];
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

/** The subject, plain text and HTML of one order mail, from the same content (the two never differ
 * in what they say), in the shop's look (the HTML's layout: platform/mail/branded-mail.ts). */
export async function renderOrderMail(content: OrderMailContent, look: ShopLook): Promise<RenderedMail> {
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
    line: item.line,
    quantity: String(item.quantity),
    amount: money(item.amount),
  }));
  const showTotal = content.kind === 'reservation' || content.kind === 'confirmation';
  const signature = fill(texts.signature, { name: look.name });

  const text = [
    `${texts.greeting},`,
    '',
    texts.lead[content.kind],
    '',
    `${texts.refnoLabel}${texts.colon} ${content.refno}`,
    '',
    ...(heading ? [heading] : []),
    ...rows.map((row) => `- ${row.quantity} × ${row.line}${texts.colon} ${row.amount}`),
    ...(showTotal ? ['', `${texts.total}${texts.colon} ${money(content.total)}`] : []),
    ...(notes.length ? ['', ...notes] : []),
    '',
    `${texts.orderPage}${texts.colon} ${content.orderPageUrl}`,
    '',
    texts.closing,
    signature,
    '',
    ...mailFooterText(look, content.language),
    '',
  ].join('\n');

  const headers = texts.itemHeaders;
  const blocks: MailBlock[] = [
    { kind: 'text', text: `${texts.greeting},` },
    { kind: 'text', text: texts.lead[content.kind] },
    { kind: 'text', text: `${texts.refnoLabel}${texts.colon} ${content.refno}`, strong: true },
    ...(heading ? [{ kind: 'heading' as const, text: heading }] : []),
    {
      kind: 'table',
      table: {
        headers: [headers.product, headers.quantity, headers.amount],
        rows: rows.map((row) => [row.line, row.quantity, row.amount]),
        numeric: [1, 2],
        footer: showTotal ? { label: texts.total, value: money(content.total) } : undefined,
      },
    },
    ...notes.map((note) => ({ kind: 'text' as const, text: note })),
    { kind: 'button', label: texts.orderPage, url: content.orderPageUrl },
    { kind: 'text', text: `${texts.closing}\n${signature}` },
  ];
  const html = await renderBrandedMail(
    { language: content.language, title: subject, preview: texts.lead[content.kind], blocks },
    look,
  );

  return { subject, text, html };
}
