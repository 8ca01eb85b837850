import type { Language, OrderItemRecord, OrderLineDto } from '@alpenpass/contracts';
import type { IssuedTicket } from '../ticket';
import { vatNumberIn } from '@alpenpass/contracts';
import type { DocumentIssuer } from '../document-issuer';
import { formatChf, formatDateTime, formatShortDay, splitAmount, vatContained } from './formats';
import { drawLogo, plainBrand, type DocumentBrand } from './brand';
import { CM, renderPdf } from './pdf-buffer';
import { documentTexts } from './texts';

export interface ReceiptPdfInput {
  refno: string;
  orderDate: string;
  paymentMethod: string | null;
  items: OrderItemRecord[];
  total: number;
  /** the order's tickets, for the per-ticket lines of vmcReceipts */
  tickets: IssuedTicket[];
  language: Language;
  issuer: DocumentIssuer;
  /** the operator's logo and colours for the letterhead (default: the shop's own) */
  brand?: DocumentBrand;
  vatRatePercent: number;
  /** how the item reads: product, person type, dates, slot (the order's describeOrderItems) */
  itemLine: (item: OrderItemRecord) => OrderLineDto;
  /** refundable deposits (keycards) are no sale: no VAT on them */
  vatExempt: (item: OrderItemRecord) => boolean;
  /** feature flag vmcReceipts: one line per ticket (per person) instead of one per item */
  perTicketLines: boolean;
  /** cause-we-care: a donation the customer added, part of the total, without VAT */
  contribution?: { name: string; amount: number } | null;
}

export interface ReceiptLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** The lines a receipt lists; with vmcReceipts each item with tickets is split into one line per
 * ticket carrying its share of the item's price (shares add up to the item's price exactly). */
export function receiptLines(
  input: Pick<ReceiptPdfInput, 'items' | 'tickets' | 'language' | 'itemLine' | 'perTicketLines'>,
): ReceiptLine[] {
  const texts = documentTexts[input.language];
  return input.items.flatMap((item): ReceiptLine[] => {
    const line = input.itemLine(item);
    const tickets = input.tickets.filter((ticket) => ticket.orderItemId === item.itemId);
    if (!input.perTicketLines || tickets.length === 0)
      return [
        {
          description: line.text,
          quantity: item.quantity,
          unitPrice: item.unitPrice.amount,
          amount: item.price.amount,
        },
      ];
    const shares = splitAmount(item.price.amount, tickets.length);
    return tickets.map((ticket, index) => {
      // a day ticket of a multi-day item (issued while a multi-day pass got one ticket a day) names its day
      const day = ticket.day && (line.days ?? 0) > 1 ? `, ${formatShortDay(ticket.day, input.language)}` : '';
      const description = `${line.text} – ${texts.person(ticket.personIndex, ticket.personCount)}${day}`;
      return { description, quantity: 1, unitPrice: shares[index]!, amount: shares[index]! };
    });
  });
}

/** The VAT the total includes, on everything but deposits, and the net amount it is charged on. */
export function vatOf(
  input: Pick<ReceiptPdfInput, 'items' | 'total' | 'vatExempt' | 'vatRatePercent' | 'contribution'>,
): { net: number; vat: number } {
  const exempt =
    input.items.filter(input.vatExempt).reduce((sum, item) => sum + item.price.amount, 0) +
    (input.contribution?.amount ?? 0);
  const taxable = Math.max(0, input.total - exempt);
  const vat = vatContained(taxable, input.vatRatePercent);
  return { net: taxable - vat, vat };
}

const LEFT = 2 * CM;
const RIGHT = 21 * CM - 2 * CM;
const LOGO_SIZE = 2 * CM;
const columns = { description: LEFT, quantity: 11.5 * CM, unitPrice: 13 * CM, amount: 16 * CM };

/** A4 receipt (docs/tickets.md, "Receipt"): operator, order, lines, total and the VAT it includes. */
export function renderReceiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const texts = documentTexts[input.language];
  return renderPdf(
    { size: 'A4', margin: LEFT, lang: input.language, info: { Title: `${texts.receipt} ${input.refno}` } },
    (doc) => {
      // letterhead: the logo, beside it the operator's name and address, under both a rule in its colour
      const brand = input.brand ?? plainBrand;
      const logoSize = brand.logo ? LOGO_SIZE : 0;
      drawLogo(doc, brand, LEFT, 2 * CM, logoSize);
      const headLeft = LEFT + (logoSize ? logoSize + 0.5 * CM : 0);
      doc
        .fillColor(brand.primaryColor)
        .font('Helvetica-Bold')
        .fontSize(13)
        .text(input.issuer.name, headLeft, 2 * CM);
      doc.fillColor('#102a43').font('Helvetica').fontSize(10);
      for (const line of input.issuer.addressLines) doc.text(line);
      if (input.issuer.email) doc.text(input.issuer.email);
      if (input.issuer.company) doc.text(vatNumberIn(input.issuer.company, input.language));
      const ruleY = Math.max(doc.y, 2 * CM + logoSize) + 0.4 * CM;
      doc.rect(LEFT, ruleY, RIGHT - LEFT, 2).fill(brand.primaryColor);
      doc.rect(RIGHT - 3 * CM, ruleY, 3 * CM, 2).fill(brand.accentColor);

      doc
        .fillColor(brand.primaryColor)
        .font('Helvetica-Bold')
        .fontSize(18)
        .text(`${texts.receipt} ${input.refno}`, LEFT, ruleY + 0.8 * CM);
      doc.fillColor('#102a43');
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`${texts.orderDate}: ${formatDateTime(input.orderDate, input.language)}`);
      if (input.paymentMethod)
        doc.text(
          `${texts.paymentMethod}: ${texts.paymentMethods[input.paymentMethod] ?? input.paymentMethod}`,
        );

      let y = doc.moveDown(1.5).y;
      const row = (
        cells: { description: string; quantity: string; unitPrice: string; amount: string },
        bold = false,
      ) => {
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
        const height = doc.heightOfString(cells.description, {
          width: columns.quantity - columns.description - 8,
        });
        doc.text(cells.description, columns.description, y, {
          width: columns.quantity - columns.description - 8,
        });
        doc.text(cells.quantity, columns.quantity, y, {
          width: columns.unitPrice - columns.quantity - 8,
          align: 'right',
        });
        doc.text(cells.unitPrice, columns.unitPrice, y, {
          width: columns.amount - columns.unitPrice - 8,
          align: 'right',
        });
        doc.text(cells.amount, columns.amount, y, { width: RIGHT - columns.amount, align: 'right' });
        y += Math.max(height, 12) + 6;
        if (y > doc.page.height - 4 * CM) {
          doc.addPage();
          y = 2 * CM;
        }
      };
      const rule = () => {
        doc
          .moveTo(LEFT, y - 3)
          .lineTo(RIGHT, y - 3)
          .lineWidth(0.5)
          .strokeColor('#9aa5b1')
          .stroke();
        y += 4;
      };
      row(
        {
          description: texts.description,
          quantity: texts.quantity,
          unitPrice: texts.unitPrice,
          amount: texts.amount,
        },
        true,
      );
      rule();
      for (const line of receiptLines(input))
        row({
          description: line.description,
          quantity: String(line.quantity),
          unitPrice: formatChf(line.unitPrice),
          amount: formatChf(line.amount),
        });
      if (input.contribution)
        row({
          description: input.contribution.name,
          quantity: '1',
          unitPrice: formatChf(input.contribution.amount),
          amount: formatChf(input.contribution.amount),
        });
      rule();
      row({ description: texts.total, quantity: '', unitPrice: '', amount: formatChf(input.total) }, true);
      const { net, vat } = vatOf(input);
      row({
        description: texts.vatIncluded(String(input.vatRatePercent), formatChf(net)),
        quantity: '',
        unitPrice: '',
        amount: formatChf(vat),
      });
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(texts.thanks, LEFT, y + 12);
    },
  );
}
