import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '@alpenpass/contracts';
import type { IssuedTicket } from '../ticket';
import { formatDay, formatShortDay, formatTime } from './formats';
import { drawLogo, plainBrand, type DocumentBrand } from './brand';
import { CM, renderPdf } from './pdf-buffer';
import { documentTexts } from './texts';

export interface TicketLabels {
  /** the product's name in the document's language */
  productName: string;
  /** the definition's attribute names (age, duration), joined */
  definitionName: string | null;
  /** a ticket over the several days of a multi-day pass: its days as the order line reads them */
  passDays?: { dates: string; days: number } | null;
}

export interface TicketPdfInput {
  tickets: IssuedTicket[];
  refno: string;
  language: Language;
  operatorName: string;
  /** the operator's logo and colours (default: the shop's own) */
  brand?: DocumentBrand;
  labels: (ticket: IssuedTicket) => TicketLabels;
  /** the personalised tickets' holders by person id (a holder not found: "personal ticket") */
  holderNames?: ReadonlyMap<number, string>;
  /** feature flag dynamicTicketHeight: the page is as high as its content instead of 9 cm */
  dynamicHeight: boolean;
}

interface Line {
  text: string;
  font: 'Helvetica' | 'Helvetica-Bold';
  size: number;
  gray?: boolean;
  /** in the operator's colour */
  branded?: boolean;
  /** with dynamicTicketHeight the line wraps and the page grows; at 9 cm it is cut with an ellipsis */
  wraps?: boolean;
}

/** a line as laid out: where it starts below the text block's top, and how high it is */
export interface PlacedLine extends Line {
  offset: number;
  height: number;
}

const PAGE_WIDTH = 21 * CM;
/** §9: tickets are 9 cm high unless dynamicTicketHeight is on */
export const FIXED_TICKET_HEIGHT = 9 * CM;
const MARGIN = 0.8 * CM;
const QR_SIZE = 6 * CM;
const LINE_SPACING = 1.4;

function validityLines(ticket: IssuedTicket, language: Language, labels: TicketLabels): Line[] {
  const texts = documentTexts[language];
  if (labels.passDays)
    return [
      {
        text: texts.validOnDays(labels.passDays.days, labels.passDays.dates),
        font: 'Helvetica-Bold',
        size: 12,
        wraps: true,
      },
    ];
  if (ticket.day) {
    const lines: Line[] = [
      { text: `${texts.validOn} ${formatDay(ticket.day, language)}`, font: 'Helvetica-Bold', size: 12 },
    ];
    if (ticket.slotId !== null && ticket.validity)
      lines.push({
        text: `${texts.time} ${formatTime(ticket.validity.from)}–${formatTime(ticket.validity.to)}`,
        font: 'Helvetica-Bold',
        size: 12,
      });
    return lines;
  }
  if (ticket.validity)
    return [
      {
        text: texts.validFromTo(
          formatShortDay(ticket.validity.from, language),
          formatShortDay(ticket.validity.to, language),
        ),
        font: 'Helvetica-Bold',
        size: 12,
      },
    ];
  return [{ text: texts.validAnyDay, font: 'Helvetica-Bold', size: 12 }];
}

function linesOf(ticket: IssuedTicket, input: TicketPdfInput): Line[] {
  const texts = documentTexts[input.language];
  const labels = input.labels(ticket);
  return [
    { text: `${input.operatorName} · ${texts.ticket}`, font: 'Helvetica-Bold', size: 9, branded: true },
    { text: labels.productName, font: 'Helvetica-Bold', size: 17, wraps: true },
    ...(labels.definitionName
      ? [{ text: labels.definitionName, font: 'Helvetica', size: 11, wraps: true } as Line]
      : []),
    ...validityLines(ticket, input.language, labels),
    {
      text:
        ticket.personId !== null
          ? (input.holderNames?.get(ticket.personId) ?? texts.personalised)
          : texts.person(ticket.personIndex, ticket.personCount),
      font: 'Helvetica',
      size: 11,
    },
    { text: `${texts.order} ${input.refno}`, font: 'Helvetica', size: 9, gray: true },
    { text: `${texts.ticketNumber} ${ticket.ticketId}`, font: 'Helvetica', size: 8, gray: true },
    { text: texts.showAtGate, font: 'Helvetica', size: 8, gray: true },
  ];
}

/** the operator's colour band along the left edge, inside the cut line */
const BAND_WIDTH = 0.3 * CM;
const TEXT_WIDTH = PAGE_WIDTH - 3 * MARGIN - QR_SIZE;
const LOGO_MAX = 1 * CM;
const lineGap = (line: Line) => line.size * (LINE_SPACING - 1);

/** A document that is never written, to measure wrapped text with the same fonts. */
const measuringDocument = () => new PDFDocument({ size: [PAGE_WIDTH, 100_000], margin: 0 });

/**
 * Where each line of a ticket goes, and the page's height: 9 cm (§9), or with dynamicTicketHeight
 * what the text (long names wrapped) or the code needs, whichever is higher, plus margins.
 */
export function layoutTicket(
  ticket: IssuedTicket,
  input: TicketPdfInput,
  measure: PDFKit.PDFDocument = measuringDocument(),
): { height: number; lines: PlacedLine[] } {
  let offset = 0;
  const lines = linesOf(ticket, input).map((line): PlacedLine => {
    const height =
      input.dynamicHeight && line.wraps
        ? measure
            .font(line.font)
            .fontSize(line.size)
            .heightOfString(line.text, { width: TEXT_WIDTH, lineGap: lineGap(line) })
        : line.size * LINE_SPACING;
    const placed = { ...line, offset, height };
    offset += height;
    return placed;
  });
  const height = input.dynamicHeight
    ? Math.ceil(Math.max(offset, QR_SIZE) + 2 * MARGIN)
    : FIXED_TICKET_HEIGHT;
  return { height, lines };
}

/** One page per ticket: its words on the left, its signed code as QR on the right (docs/tickets.md, "PDF layout"). */
export function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const title = `${documentTexts[input.language].ticket} ${input.refno}`;
  return renderPdf(
    { autoFirstPage: false, margin: 0, lang: input.language, info: { Title: title } },
    async (doc) => {
      const measure = measuringDocument();
      for (const ticket of input.tickets) {
        const { height, lines } = layoutTicket(ticket, input, measure);
        const textHeight = lines.reduce((sum, line) => sum + line.height, 0);
        doc.addPage({ size: [PAGE_WIDTH, height], margin: 0 });
        doc
          .rect(MARGIN / 2, MARGIN / 2, PAGE_WIDTH - MARGIN, height - MARGIN)
          .lineWidth(0.5)
          .strokeColor('#9aa5b1')
          .dash(4, { space: 3 })
          .stroke()
          .undash();
        const brand = input.brand ?? plainBrand;
        const bandHeight = height - MARGIN;
        doc.rect(MARGIN / 2, MARGIN / 2, BAND_WIDTH, bandHeight).fill(brand.primaryColor);
        doc
          .rect(MARGIN / 2, MARGIN / 2 + bandHeight * 0.75, BAND_WIDTH, bandHeight * 0.25)
          .fill(brand.accentColor);
        // the logo above the code, where the page leaves room for it (at 9 cm always)
        const logoRoom = Math.min(LOGO_MAX, (height - QR_SIZE) / 2 - MARGIN / 2 - 4);
        if (logoRoom >= 0.5 * CM)
          drawLogo(doc, brand, PAGE_WIDTH - MARGIN - logoRoom, MARGIN / 2 + 4, logoRoom);
        const top = Math.max(MARGIN, (height - textHeight) / 2);
        for (const line of lines) {
          doc
            .font(line.font)
            .fontSize(line.size)
            .fillColor(line.branded ? brand.primaryColor : line.gray ? '#52606d' : '#102a43');
          const wrapped = input.dynamicHeight && line.wraps;
          doc.text(
            line.text,
            MARGIN,
            top + line.offset,
            wrapped
              ? { width: TEXT_WIDTH, lineGap: lineGap(line) }
              : { width: TEXT_WIDTH, height: line.height, ellipsis: true },
          );
        }
        const qr = await QRCode.toBuffer(ticket.code, {
          errorCorrectionLevel: 'M',
          margin: 4,
          scale: 4,
          type: 'png',
        });
        doc.image(qr, PAGE_WIDTH - MARGIN - QR_SIZE, (height - QR_SIZE) / 2, {
          width: QR_SIZE,
          height: QR_SIZE,
        });
      }
    },
  );
}
