// Test support: reads a PDF with pdf.js (an ES module, hence its own process) and prints, per page,
// its size in points, its text items and its images as RGBA pixels (base64), as JSON.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

function toRgba(image) {
  const { width, height, kind, data } = image;
  if (kind === 3) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const rgba = Buffer.alloc(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    let value;
    if (kind === 2) {
      rgba[pixel * 4] = data[pixel * 3];
      rgba[pixel * 4 + 1] = data[pixel * 3 + 1];
      rgba[pixel * 4 + 2] = data[pixel * 3 + 2];
    } else {
      const row = Math.floor(pixel / width);
      const column = pixel % width;
      const bytesPerRow = Math.ceil(width / 8);
      value = (data[row * bytesPerRow + (column >> 3)] >> (7 - (column & 7))) & 1 ? 255 : 0;
      rgba[pixel * 4] = value;
      rgba[pixel * 4 + 1] = value;
      rgba[pixel * 4 + 2] = value;
    }
    rgba[pixel * 4 + 3] = 255;
  }
  return rgba;
}

const document = await getDocument({
  data: new Uint8Array(readFileSync(process.argv[2])),
  isOffscreenCanvasSupported: false,
  verbosity: 0,
}).promise;
const pages = [];
for (let number = 1; number <= document.numPages; number += 1) {
  const page = await document.getPage(number);
  const content = await page.getTextContent();
  const operators = await page.getOperatorList();
  const images = [];
  for (let index = 0; index < operators.fnArray.length; index += 1) {
    if (operators.fnArray[index] !== OPS.paintImageXObject) continue;
    const image = await new Promise((resolve) => page.objs.get(operators.argsArray[index][0], resolve));
    images.push({ width: image.width, height: image.height, rgba: toRgba(image).toString('base64') });
  }
  const [, , width, height] = page.view;
  pages.push({
    width,
    height,
    text: content.items.map((item) => item.str).filter((text) => text.trim() !== ''),
    images,
  });
}
process.stdout.write(JSON.stringify({ pages }));
