import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';

/** The logo's content for a PDF: SVG markup, or PNG/JPEG bytes (what pdfkit draws). */
export type LogoImage = { kind: 'svg'; markup: string } | { kind: 'raster'; bytes: Buffer };

const FETCH_TIMEOUT_MS = 3_000;
const MAX_LOGO_BYTES = 512 * 1024;

function imageOf(bytes: Buffer): LogoImage | null {
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) return null;
  const isPng = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (isPng || isJpeg) return { kind: 'raster', bytes };
  const text = bytes.toString('utf8');
  return /<svg[\s>]/i.test(text) ? { kind: 'svg', markup: text } : null;
}

/** A path on the shop is a file of the SPA's build (or of its public folder before a build). */
async function readShopFile(path: string, webDist: string): Promise<Buffer | null> {
  const relative = normalize(decodeURIComponent(path.split(/[?#]/)[0]!)).replace(/^[/\\]+/, '');
  if (relative.startsWith('..') || relative.includes(`${sep}..`)) return null;
  for (const folder of [webDist, join(webDist, '..', 'public')]) {
    const bytes = await readFile(join(folder, relative)).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

async function fetchLogo(url: string): Promise<Buffer | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) return null;
    return Buffer.from(await response.arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * Reads the operator's logo for the documents, once per configured address: a document is never held
 * up or refused for its logo — one that cannot be read or drawn leaves the name alone.
 */
export function logoImages(webDist: string): (logoSource: string | null) => Promise<LogoImage | null> {
  const known = new Map<string, Promise<LogoImage | null>>();
  return (logoSource) => {
    if (!logoSource) return Promise.resolve(null);
    let image = known.get(logoSource);
    if (!image) {
      image = (logoSource.startsWith('/') ? readShopFile(logoSource, webDist) : fetchLogo(logoSource)).then(
        (bytes) => (bytes ? imageOf(bytes) : null),
      );
      known.set(logoSource, image);
      // an address that did not answer is asked again by the next document
      void image.then((read) => read ?? known.delete(logoSource));
    }
    return image;
  };
}
