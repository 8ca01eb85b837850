import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';

export interface PdfPage {
  /** in PDF points */
  width: number;
  height: number;
  text: string[];
  /** the payload of every QR code among the page's images */
  qrCodes: string[];
}

/** Test support: parses a PDF with pdf.js (text, page size, images) and decodes QR codes in its images with jsQR. */
export async function readPdf(pdf: Buffer): Promise<PdfPage[]> {
  const folder = await mkdtemp(join(tmpdir(), 'read-pdf-'));
  try {
    const file = join(folder, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(__dirname, 'pdf-reader-process.mjs'), file],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const parsed = JSON.parse(stdout) as {
      pages: {
        width: number;
        height: number;
        text: string[];
        images: { width: number; height: number; rgba: string }[];
      }[];
    };
    return parsed.pages.map((page) => ({
      width: page.width,
      height: page.height,
      text: page.text,
      qrCodes: page.images.flatMap((image) => {
        const decoded = jsQR(
          new Uint8ClampedArray(Buffer.from(image.rgba, 'base64')),
          image.width,
          image.height,
        );
        return decoded ? [decoded.data] : [];
      }),
    }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
