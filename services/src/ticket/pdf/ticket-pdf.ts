import QRCode from 'qrcode';
import type { Language } from '@alpenpass/contracts';
import type { IssuedTicket } from '../ticket';
import { formatDay, formatShortDay, formatTime } from './formats';
import { CM, renderPdf } from './pdf-buffer';
import { documentTexts } from './texts';

export interface TicketLabels {
  /** the product's name in the document's language */
  productName: string;
  /** the definition's attribute names (age, duration), joined */
  definitionName: string | null;
}

export interface TicketPdfInput {
  tickets: IssuedTicket[];
  refno: string;
  language: Language;
  operatorName: string;
  labels: (ticket: IssuedTicket) => TicketLabels;
  /** feature flag dynamicTicketHeight: the page is as high as its content instead of 9 cm */
  dynamicHeight: boolean;
}

interface Line {
  text: string;
  font: 'Helvetica' | 'Helvetica-Bold';
  size: number;
  gray?: boolean;
}

const PAGE_WIDTH = 21 * CM;
/** §9: tickets are 9 cm high unless dynamicTicketHeight is on */
export const FIXED_TICKET_HEIGHT = 9 * CM;
const MARGIN = 0.8 * CM;
const QR_SIZE = 6 * CM;
const LINE_SPACING = 1.4;

function validityLines(ticket: IssuedTicket, language: Language): Line[] {
  const texts = documentTexts[language];
  if (ticket.day) {
    const lines: Line[] = [{ text: `${texts.validOn} ${formatDay(ticket.day, language)}`, font: 'Helvetica-Bold', size: 12 }];
    if (ticket.slotId !== null && ticket.validity) lines.push({ text: `${texts.time} ${formatTime(ticket.validity.from)}–${formatTime(ticket.validity.to)}`, font: 'Helvetica-Bold', size: 12 });
    return lines;
  }
  if (ticket.validity) return [{ text: texts.validFromTo(formatShortDay(ticket.validity.from, language), formatShortDay(ticket.validity.to, language)), font: 'Helvetica-Bold', size: 12 }];
  return [{ text: texts.validAnyDay, font: 'Helvetica-Bold', size: 12 }];
}

function linesOf(ticket: IssuedTicket, input: TicketPdfInput): Line[] {
  const texts = documentTexts[input.language];
  const labels = input.labels(ticket);
  return [
    { text: `${input.operatorName} · ${texts.ticket}`, font: 'Helvetica', size: 9, gray: true },
    { text: labels.productName, font: 'Helvetica-Bold', size: 17 },
    ...(labels.definitionName ? [{ text: labels.definitionName, font: 'Helvetica', size: 11 } as Line] : []),
    ...validityLines(ticket, input.language),
    { text: ticket.personId !== null ? texts.personalised : texts.person(ticket.personIndex, ticket.personCount), font: 'Helvetica', size: 11 },
    { text: `${texts.order} ${input.refno}`, font: 'Helvetica', size: 9, gray: true },
    { text: `${texts.ticketNumber} ${ticket.ticketId}`, font: 'Helvetica', size: 8, gray: true },
    { text: texts.showAtGate, font: 'Helvetica', size: 8, gray: true },
  ];
}

const linesHeight = (lines: Line[]) => lines.reduce((sum, line) => sum + line.size * LINE_SPACING, 0);

/** The page height of one ticket: 9 cm, or with dynamicTicketHeight what its text and code need. */
export function ticketPageHeight(lines: Line[], dynamicHeight: boolean): number {
  if (!dynamicHeight) return FIXED_TICKET_HEIGHT;
  return Math.ceil(Math.max(linesHeight(lines), QR_SIZE) + 2 * MARGIN);
}

/** One page per ticket: its words on the left, its signed code as QR on the right (docs/tickets.md, "PDF layout"). */
export function renderTicketPdf(input: TicketPdfInput): Promise<Buffer> {
  const title = `${documentTexts[input.language].ticket} ${input.refno}`;
  return renderPdf({ autoFirstPage: false, margin: 0, lang: input.language, info: { Title: title } }, async (doc) => {
    for (const ticket of input.tickets) {
      const lines = linesOf(ticket, input);
      const height = ticketPageHeight(lines, input.dynamicHeight);
      doc.addPage({ size: [PAGE_WIDTH, height], margin: 0 });
      doc.rect(MARGIN / 2, MARGIN / 2, PAGE_WIDTH - MARGIN, height - MARGIN).lineWidth(0.5).strokeColor('#9aa5b1').dash(4, { space: 3 }).stroke().undash();
      const textWidth = PAGE_WIDTH - 3 * MARGIN - QR_SIZE;
      let y = Math.max(MARGIN, (height - linesHeight(lines)) / 2);
      for (const line of lines) {
        doc.font(line.font).fontSize(line.size).fillColor(line.gray ? '#52606d' : '#102a43');
        doc.text(line.text, MARGIN, y, { width: textWidth, lineBreak: false, ellipsis: true });
        y += line.size * LINE_SPACING;
      }
      const qr = await QRCode.toBuffer(ticket.code, { errorCorrectionLevel: 'M', margin: 4, scale: 4, type: 'png' });
      doc.image(qr, PAGE_WIDTH - MARGIN - QR_SIZE, (height - QR_SIZE) / 2, { width: QR_SIZE, height: QR_SIZE });
    }
  });
}
