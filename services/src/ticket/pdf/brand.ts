// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- svg-to-pdfkit has no types: ours, for the projects (bench) that compile this file without services/src
/// <reference path="./svg-to-pdfkit.d.ts" />
import SVGtoPDF from 'svg-to-pdfkit';
import type { LogoImage } from '../../platform/look/logo-image';

/** The operator's look on the documents: colours from the channel's branding, its logo if it could be read. */
export interface DocumentBrand {
  primaryColor: string;
  accentColor: string;
  logo: LogoImage | null;
}

/** The shop's own look, for documents made without a channel (tests, a channel not found). */
export const plainBrand: DocumentBrand = { primaryColor: '#1d5d8f', accentColor: '#d9643b', logo: null };

/**
 * Draws the logo fitted into a square; a logo that cannot be drawn is left out, never fails the
 * document (the operator's name is printed next to it anyway).
 */
export function drawLogo(doc: PDFKit.PDFDocument, brand: DocumentBrand, x: number, y: number, size: number) {
  const { logo } = brand;
  if (!logo) return;
  try {
    if (logo.kind === 'svg')
      SVGtoPDF(doc, logo.markup, x, y, {
        width: size,
        height: size,
        preserveAspectRatio: 'xMidYMid meet',
        warningCallback: () => undefined,
      });
    else doc.image(logo.bytes, x, y, { fit: [size, size], align: 'center', valign: 'center' });
  } catch {
    // an unreadable image: the document goes out with the name alone
  }
}
