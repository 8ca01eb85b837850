import type { Page } from 'playwright-core';

/** How far two shots of the same page may differ before the comparison fails. */
export interface ShotTolerance {
  /** a pixel differs when one of its channels is further apart than this (0–255): anti-aliasing stays quiet */
  channel: number;
  /** share of the compared pixels that may differ */
  differingShare: number;
  /** share by which the height may change (a longer word, a wrapped line) */
  heightShare: number;
}

export const shotTolerance: ShotTolerance = { channel: 40, differingShare: 0.015, heightShare: 0.03 };

/** What Playwright paints over the masked parts of a shot: a quiet grey, since the shots are the docs'
 * pictures too; its pixels are left out of the comparison. */
export const shotMask = { css: '#dde3ea', rgb: [0xdd, 0xe3, 0xea] as const };

export interface ShotComparison {
  /** why the shots do not match, or null when they do */
  mismatch: string | null;
  /** the committed picture faded, with the differing pixels in red, over the common area */
  diff: Buffer;
}

interface Measured {
  expected: { width: number; height: number };
  actual: { width: number; height: number };
  differing: number;
  diffBase64: string;
}

/**
 * Compares two PNGs pixel by pixel over their common area, leaving out what Playwright's mask painted
 * (`shotMask`) in either; a change of size within the tolerance counts
 * the rows only one of them has as differing. The pictures are decoded and compared in `page` (a blank
 * page of the test's chromium): the browser's own PNG codec takes milliseconds where a JavaScript one
 * (pngjs) takes a minute a shot inside jest.
 */
export async function comparePngs(
  page: Page,
  expectedPng: Buffer,
  actualPng: Buffer,
  tolerance = shotTolerance,
): Promise<ShotComparison> {
  const measured: Measured = await page.evaluate(
    async ({ expectedBase64, actualBase64, channelTolerance, maskRgb }) => {
      const decode = async (base64: string) => {
        const blob = new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], {
          type: 'image/png',
        });
        const bitmap = await createImageBitmap(blob, {
          colorSpaceConversion: 'none',
          premultiplyAlpha: 'none',
        });
        const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [expected, actual] = await Promise.all([decode(expectedBase64), decode(actualBase64)]);
      const width = Math.min(expected.width, actual.width);
      const height = Math.min(expected.height, actual.height);
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      const diff = context.createImageData(width, height);
      let differing = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const e = (y * expected.width + x) * 4;
          const a = (y * actual.width + x) * 4;
          const d = (y * width + x) * 4;
          const masked = (data: Uint8ClampedArray, at: number) =>
            data[at] === maskRgb[0] && data[at + 1] === maskRgb[1] && data[at + 2] === maskRgb[2];
          // a mask's box moves with the text it hides (a wrapped date): its pixels are not compared
          let apart = false;
          if (!masked(expected.data, e) && !masked(actual.data, a))
            for (let channel = 0; channel < 4 && !apart; channel++)
              apart =
                Math.abs((expected.data[e + channel] ?? 0) - (actual.data[a + channel] ?? 0)) >
                channelTolerance;
          if (apart) differing++;
          const faded = apart
            ? 0
            : 155 +
              ((expected.data[e] ?? 0) * 0.3 +
                (expected.data[e + 1] ?? 0) * 0.59 +
                (expected.data[e + 2] ?? 0) * 0.11) *
                0.39;
          diff.data.set([apart ? 255 : faded, faded, faded, 255], d);
        }
      context.putImageData(diff, 0, 0);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return {
        expected: { width: expected.width, height: expected.height },
        actual: { width: actual.width, height: actual.height },
        differing,
        diffBase64: btoa(binary),
      };
    },
    {
      expectedBase64: expectedPng.toString('base64'),
      actualBase64: actualPng.toString('base64'),
      channelTolerance: tolerance.channel,
      maskRgb: shotMask.rgb,
    },
  );
  return { mismatch: mismatchOf(measured, tolerance), diff: Buffer.from(measured.diffBase64, 'base64') };
}

function mismatchOf({ expected, actual, differing }: Measured, tolerance: ShotTolerance): string | null {
  const allPixels = Math.max(expected.width * expected.height, actual.width * actual.height);
  const common = Math.min(expected.width, actual.width) * Math.min(expected.height, actual.height);
  const share = (differing + allPixels - common) / allPixels;
  const sizes = `${expected.width}×${expected.height} committed, ${actual.width}×${actual.height} now`;
  if (expected.width !== actual.width) return `the width changed (${sizes})`;
  if (Math.abs(expected.height - actual.height) > expected.height * tolerance.heightShare)
    return `the height changed by more than ${tolerance.heightShare * 100} % (${sizes})`;
  if (share > tolerance.differingShare)
    return `${(share * 100).toFixed(2)} % of the pixels differ, more than ${tolerance.differingShare * 100} % (${sizes})`;
  return null;
}
