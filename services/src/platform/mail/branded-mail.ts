import { resolveLanguage } from '@alpenpass/contracts/src/language-codes';
import { contactFooter, mailFooterText } from '../look/contact-footer';
import type { ShopLook } from '../look/shop-look';

/** What a mail says, in order; the layout (logo header, widths, colours, footer) is the same for all. */
export type MailBlock =
  | { kind: 'text'; text: string; strong?: boolean }
  | { kind: 'heading'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'link'; url: string }
  | { kind: 'table'; table: MailTable };

export interface MailTable {
  headers: string[];
  rows: string[][];
  /** the columns set flush right (numbers) */
  numeric: number[];
  /** the closing line, e.g. the total: a label under the first columns, a value under the last */
  footer?: { label: string; value: string };
}

export interface BrandedMail {
  language: string;
  /** the <title> and the subject */
  title: string;
  /** the line a mail client shows next to the subject */
  preview: string;
  blocks: MailBlock[];
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
/** the branding's font list (letters, digits, spaces, commas, quotes, dashes) as an attribute value */
const fontAttribute = (fontFamily: string) => escapeHtml(fontFamily.replace(/"/g, "'"));

/** MJML and its many modules are loaded with the first mail, not when a process starts */
type Mjml = typeof import('mjml');
let mjml: Promise<Mjml> | null = null;
function loadMjml(): Promise<Mjml> {
  mjml ??= import('mjml').then(
    (loaded) => (loaded as unknown as { default?: Mjml }).default ?? (loaded as unknown as Mjml),
  );
  return mjml;
}

const TEXT_COLOUR = '#1d2a36';
// also on the accent-coloured button, in large text (19 px bold, WCAG's 3:1): white on the demo's orange failed axe
const MUTED_COLOUR = '#5b6b7a';
const RULE_COLOUR = '#d5dde5';

function tableMarkup(table: MailTable, look: ShopLook): string {
  const align = (column: number) => (table.numeric.includes(column) ? 'right' : 'left');
  const cell = (tag: 'td' | 'th', value: string, column: number, extra = '') =>
    `<${tag} align="${align(column)}" style="padding:8px 6px;text-align:${align(column)};${extra}">${escapeHtml(value)}</${tag}>`;
  const head = table.headers
    .map((header, column) =>
      cell(
        'th',
        header,
        column,
        `border-bottom:2px solid ${look.primaryColor};color:${MUTED_COLOUR};font-size:13px`,
      ),
    )
    .join('');
  const body = table.rows
    .map(
      (row) =>
        `<tr>${row.map((value, column) => cell('td', value, column, `border-bottom:1px solid ${RULE_COLOUR}`)).join('')}</tr>`,
    )
    .join('');
  const footer = table.footer
    ? `<tr><td colspan="${table.headers.length - 1}" style="padding:10px 6px;font-weight:bold">${escapeHtml(table.footer.label)}</td><td align="right" style="padding:10px 6px;text-align:right;font-weight:bold">${escapeHtml(table.footer.value)}</td></tr>`
    : '';
  return `<mj-table cellpadding="0" cellspacing="0" width="100%" font-size="15px" line-height="20px">${head ? `<tr>${head}</tr>` : ''}${body}${footer}</mj-table>`;
}

function blockMarkup(block: MailBlock, look: ShopLook): string {
  switch (block.kind) {
    case 'text':
      return `<mj-text${block.strong ? ' font-weight="bold"' : ''}>${escapeHtml(block.text).replace(/\n/g, '<br>')}</mj-text>`;
    case 'heading':
      return `<mj-text font-size="18px" font-weight="bold" color="${look.primaryColor}">${escapeHtml(block.text)}</mj-text>`;
    case 'button':
      return `<mj-button href="${escapeHtml(block.url)}" background-color="${look.accentColor}" color="${TEXT_COLOUR}" font-size="19px" font-weight="bold" border-radius="6px" inner-padding="12px 24px" padding="16px 24px">${escapeHtml(block.label)}</mj-button>`;
    case 'link':
      return `<mj-text font-size="13px" color="${MUTED_COLOUR}"><a href="${escapeHtml(block.url)}" style="color:${look.primaryColor};word-break:break-all">${escapeHtml(block.url)}</a></mj-text>`;
    case 'table':
      return tableMarkup(block.table, look);
  }
}

/** The logo is the PNG rendition (ShopLook.mailLogoUrl), 48 px square, its alt text the operator's name. */
function header(look: ShopLook): string {
  const logo = look.mailLogoUrl
    ? `<mj-column width="64px" vertical-align="middle"><mj-image src="${escapeHtml(look.mailLogoUrl)}" alt="${escapeHtml(look.name)}" width="48px" height="48px" padding="0"></mj-image></mj-column>`
    : '';
  return `<mj-section background-color="${look.primaryColor}" padding="16px 24px">${logo}<mj-column vertical-align="middle"><mj-text color="#ffffff" font-size="20px" font-weight="bold" padding="0 8px"><a href="${escapeHtml(look.shopUrl)}" style="color:#ffffff;text-decoration:none">${escapeHtml(look.name)}</a></mj-text></mj-column></mj-section>`;
}

const footerLink = (href: string, label: string) =>
  `<a href="${escapeHtml(href)}" style="color:${MUTED_COLOUR}">${escapeHtml(label)}</a>`;

/** The name and shop, then the operator's address, phone, e-mail, opening hours and networks (contact-footer.ts). */
function footer(look: ShopLook, language: string): string {
  const contact = contactFooter(look, resolveLanguage(language));
  const lines = [
    `${escapeHtml(look.name)} · ${footerLink(look.shopUrl, look.shopUrl.replace(/^https?:\/\//, ''))}`,
  ];
  if (contact) {
    if (contact.address.length) lines.push(contact.address.map(escapeHtml).join(', '));
    const reach = [contact.phone, contact.email].flatMap((link) =>
      link ? [footerLink(link.href, link.label)] : [],
    );
    if (reach.length) lines.push(reach.join(' · '));
    if (contact.hours) lines.push(escapeHtml(contact.hours));
    if (contact.social.length)
      lines.push(
        `${escapeHtml(contact.followLabel)} ${contact.social.map((link) => footerLink(link.url, link.name)).join(' · ')}`,
      );
  }
  return `<mj-section padding="16px 24px"><mj-column><mj-divider border-width="1px" border-color="${RULE_COLOUR}" padding="0 0 12px"></mj-divider><mj-text font-size="12px" line-height="18px" color="${MUTED_COLOUR}" align="center">${lines.join('<br>')}</mj-text></mj-column></mj-section>`;
}

/** The MJML document of a mail: a coloured header with the logo and name, the blocks on a white card, a footer. */
export function mailMjml(mail: BrandedMail, look: ShopLook): string {
  const font = fontAttribute(look.fontFamily);
  return `<mjml lang="${escapeHtml(mail.language)}">
<mj-head>
<mj-title>${escapeHtml(mail.title)}</mj-title>
<mj-preview>${escapeHtml(mail.preview)}</mj-preview>
<mj-attributes><mj-all font-family="${font}"></mj-all><mj-text font-size="15px" line-height="22px" color="${TEXT_COLOUR}" padding="6px 24px"></mj-text><mj-table color="${TEXT_COLOUR}" padding="8px 24px"></mj-table></mj-attributes>
</mj-head>
<mj-body background-color="#f2f5f8" width="600px">
${header(look)}
<mj-section background-color="#ffffff" padding="20px 0"><mj-column>
${mail.blocks.map((block) => blockMarkup(block, look)).join('\n')}
</mj-column></mj-section>
${footer(look, mail.language)}
</mj-body>
</mjml>`;
}

/**
 * The HTML of a branded mail, rendered by MJML at send time (responsive tables and the fallbacks for
 * Outlook are MJML's). A mistake in the template is a programming error: MJML's strict validation
 * throws rather than sending a broken mail.
 */
export async function renderBrandedMail(mail: BrandedMail, look: ShopLook): Promise<string> {
  const { html } = await (await loadMjml())(mailMjml(mail, look), { validationLevel: 'strict' });
  return html;
}

/** The same blocks as plain text, for the mails whose text part is not written by hand. */
export function brandedMailText(mail: BrandedMail, look: ShopLook): string {
  const lines = mail.blocks.flatMap((block): string[] => {
    switch (block.kind) {
      case 'text':
      case 'heading':
        return [block.text, ''];
      case 'button':
        return [`${block.label}: ${block.url}`, ''];
      case 'link':
        return [block.url, ''];
      case 'table':
        return [
          ...block.table.rows.map((row) => `- ${row.join(' · ')}`),
          ...(block.table.footer ? [`${block.table.footer.label}: ${block.table.footer.value}`] : []),
          '',
        ];
    }
  });
  return [...lines, ...mailFooterText(look, resolveLanguage(mail.language)), ''].join('\n');
}
