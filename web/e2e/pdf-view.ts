import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** pdfjs-dist (a dependency of the services, which draw nothing with it) as shipped: build, fonts, maps */
const pdfjsFolder = dirname(require.resolve('pdfjs-dist/package.json'));

const contentTypes: Record<string, string> = {
  '.css': 'text/css',
  '.mjs': 'text/javascript',
  '.html': 'text/html',
  '.pdf': 'application/pdf',
};

/** a part of the page, in fractions of its width and height from its top left corner */
export interface PageArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

const viewerPage = (scale: number, areas: PageArea[]) => `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>PDF</title>
<link rel="stylesheet" href="./web/pdf_viewer.css">
<style>
body { margin: 0; background: #e5e7eb; }
main { position: relative; width: fit-content; margin: 16px auto; }
canvas { display: block; box-shadow: 0 1px 4px #0004; }
.pdf-area { position: absolute; }
</style>
</head><body><main><canvas aria-label="PDF, Seite 1"></canvas><div class="textLayer"></div></main>
<script type="module">
import * as pdfjs from './build/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = './build/pdf.worker.mjs';
const pdf = await pdfjs.getDocument({ url: './document.pdf', standardFontDataUrl: './standard_fonts/' }).promise;
const first = await pdf.getPage(1);
const room = innerWidth - 32;
const upright = room / first.view[2];
// a wide page (the 21 × 9 cm ticket) that a narrow window would shrink below 72 dpi is turned a quarter,
// as a phone held sideways shows it: its short side across the window, at more than twice the size
const turned = upright < 1 && first.view[3] < first.view[2];
const viewport = first.getViewport({
  scale: Math.min(${scale}, turned ? room / first.view[3] : upright),
  rotation: turned ? 90 : 0,
});
const canvas = document.querySelector('canvas');
canvas.width = Math.floor(viewport.width);
canvas.height = Math.floor(viewport.height);
await first.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
// the text again as invisible spans over the canvas, as in a PDF viewer: what changes can be found by its words
const main = document.querySelector('main');
main.style.setProperty('--total-scale-factor', String(viewport.scale));
main.style.setProperty('--scale-factor', String(viewport.scale));
const textLayer = document.querySelector('.textLayer');
await new pdfjs.TextLayer({ textContentSource: first.streamTextContent(), container: textLayer, viewport }).render();
if (turned) {
  // pdfjs lays the text out upright and leaves turning it to its viewer's page: turned here with the canvas
  Object.assign(textLayer.style, {
    inset: 'auto',
    left: '0',
    top: '0',
    width: canvas.height + 'px',
    height: canvas.width + 'px',
    transform: 'rotate(90deg) translateY(-100%)',
  });
}
for (const given of ${JSON.stringify(areas)}) {
  // turned clockwise: the page's top edge becomes the right edge
  const area = turned
    ? { left: 1 - given.top - given.height, top: given.left, width: given.height, height: given.width }
    : given;
  const box = document.createElement('div');
  box.className = 'pdf-area';
  Object.assign(box.style, {
    left: area.left * canvas.width + 'px',
    top: area.top * canvas.height + 'px',
    width: area.width * canvas.width + 'px',
    height: area.height * canvas.height + 'px',
  });
  main.append(box);
}
document.body.dataset.drawn = 'yes';
document.body.dataset.turned = String(turned);
</script></body></html>`;

/**
 * Draws page 1 of `pdf` on a canvas in `page` with pdfjs, as a browser's PDF viewer would: at `scale`
 * (1 = 72 dpi) or narrower when the window is; a wide page that a narrow window (a phone) would draw
 * below 72 dpi is turned a quarter clockwise to fill the window's width at a legible size. The viewer lives at a made-up path of `origin`, answered
 * by Playwright, so nothing is served and the shop's Content-Security-Policy does not apply. The text
 * lies over the canvas as invisible spans (found by `getByText`); `areas` (a code, a picture) are marked
 * by boxes, answered for a screenshot's mask.
 */
export async function showPdfFirstPage(
  page: Page,
  origin: string,
  pdf: Buffer,
  options: { scale: number; areas: PageArea[] },
): Promise<Locator> {
  const base = `${origin}/__pdf-view/`;
  await page.route(`${base}**`, (route) => {
    const path = normalize(new URL(route.request().url()).pathname.slice(base.length - origin.length));
    const type = contentTypes[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
    if (path === 'index.html')
      return route.fulfill({ contentType: type, body: viewerPage(options.scale, options.areas) });
    if (path === 'document.pdf') return route.fulfill({ contentType: type, body: pdf });
    const file = join(pdfjsFolder, path);
    if (path.startsWith('..') || !existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ contentType: type, body: readFileSync(file) });
  });
  await page.goto(`${base}index.html`);
  await page.locator('body[data-drawn="yes"]').waitFor({ timeout: 30_000 });
  return page.locator('.pdf-area');
}
