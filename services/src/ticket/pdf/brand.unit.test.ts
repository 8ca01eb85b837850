import { inflateSync } from 'node:zlib';
import { readPdf } from '../../../test/support/read-pdf';
import type { IssuedTicket } from '../ticket';
import type { DocumentBrand } from './brand';
import { renderReceiptPdf } from './receipt-pdf';
import { renderTicketPdf } from './ticket-pdf';

/** The drawing operators of every page (pdfkit deflates its content streams). */
function contentOf(pdf: Buffer): string {
  const streams: string[] = [];
  const latin = pdf.toString('latin1');
  for (const match of latin.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // an image or font stream that is not deflated text
    }
  }
  return streams.join('\n');
}

// colours nothing else on the documents uses, to find them among the drawing operators
const brand: DocumentBrand = {
  primaryColor: '#ff0000',
  accentColor: '#00ff00',
  logo: {
    kind: 'svg',
    markup:
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0000ff"/></svg>',
  },
};
const ticket: IssuedTicket = {
  ticketId: '3f2a1c4e-9b8d-5e7f-a1b2-c3d4e5f60718',
  orderId: 1,
  orderItemId: '00000000-0000-4000-8000-00000000000a',
  productId: 1,
  productDefinitionId: 1031,
  personId: null,
  personIndex: 1,
  personCount: 1,
  slotId: null,
  validity: null,
  day: '2026-01-10',
  code: 'code',
  status: 'VALID',
  issuedAt: '2026-01-01T00:00:00.000Z',
  usedAt: null,
};
const issuer = {
  name: 'Bergbahnen Beispiel AG',
  addressLines: ['Talstation 1', '3920 Zermatt'],
  email: 'tickets@example.com',
  company: { name: 'Bergbahnen Beispiel AG', vatNumber: 'CHE-123.456.789' },
};

describe("the operator's look on the documents", () => {
  it('prints the 9 cm ticket with the operator name in its colour, the colour band and the logo', async () => {
    const pdf = await renderTicketPdf({
      tickets: [ticket],
      refno: 'AP-1',
      language: 'de',
      operatorName: issuer.name,
      brand,
      labels: () => ({ productName: 'Tageskarte', definitionName: null }),
      dynamicHeight: false,
    });
    const [page] = await readPdf(pdf);
    expect(page!.text.join(' ')).toContain('Bergbahnen Beispiel AG · Ticket');
    const content = contentOf(pdf);
    expect(content).toMatch(/\b1 0 0\s+scn\b/);
    expect(content).toMatch(/\b0 1 0\s+scn\b/);
    expect(content).toMatch(/\b0 0 1\s+scn\b/);
  });

  it("prints the receipt on the operator's letterhead: logo, name, address, rule in its colours", async () => {
    const pdf = await renderReceiptPdf({
      refno: 'AP-1',
      orderDate: '2026-01-01T10:00:00.000Z',
      paymentMethod: null,
      items: [],
      total: 0,
      tickets: [],
      language: 'en',
      issuer,
      brand,
      vatRatePercent: 8.1,
      itemLine: () => ({ text: '', personType: null, dates: null, days: null, slot: null }),
      vatExempt: () => false,
      perTicketLines: false,
    });
    const text = (await readPdf(pdf))[0]!.text.join(' ');
    for (const part of [
      'Bergbahnen Beispiel AG',
      'Talstation 1',
      '3920 Zermatt',
      'tickets@example.com',
      'CHE-123.456.789 VAT',
    ])
      expect(text).toContain(part);
    const content = contentOf(pdf);
    expect(content).toMatch(/\b1 0 0\s+scn\b/);
    expect(content).toMatch(/\b0 1 0\s+scn\b/);
    expect(content).toMatch(/\b0 0 1\s+scn\b/);
  });

  it('goes out without the logo when it cannot be drawn', async () => {
    const broken: DocumentBrand = { ...brand, logo: { kind: 'raster', bytes: Buffer.from('not an image') } };
    const pdf = await renderTicketPdf({
      tickets: [ticket],
      refno: 'AP-1',
      language: 'en',
      operatorName: issuer.name,
      brand: broken,
      labels: () => ({ productName: 'Day pass', definitionName: null }),
      dynamicHeight: false,
    });
    expect((await readPdf(pdf))[0]!.text.join(' ')).toContain('Day pass');
    expect(contentOf(pdf)).not.toMatch(/\b0 0 1\s+scn\b/);
  });
});
