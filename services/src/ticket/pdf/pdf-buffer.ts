import PDFDocument from 'pdfkit';

/** Collects a pdfkit document into one buffer; `draw` fills it. */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => Promise<void> | void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    ...options,
    info: { Producer: 'Alpenpass', Creator: 'Alpenpass', ...options.info },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

/** 1 cm in PDF points */
export const CM = 72 / 2.54;
