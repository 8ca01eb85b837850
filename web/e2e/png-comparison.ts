import { PNG } from 'pngjs';

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

export interface ShotComparison {
  /** why the shots do not match, or null when they do */
  mismatch: string | null;
  /** the committed picture with the differing pixels in red, over the common area */
  diff: Buffer;
}

const byte = (png: PNG, index: number) => png.data[index] ?? 0;

/**
 * Compares two PNGs pixel by pixel over their common area; a change of size within the tolerance counts
 * the rows only one of them has as differing.
 */
export function comparePngs(
  expectedPng: Buffer,
  actualPng: Buffer,
  tolerance = shotTolerance,
): ShotComparison {
  const expected = PNG.sync.read(expectedPng);
  const actual = PNG.sync.read(actualPng);
  const width = Math.min(expected.width, actual.width);
  const height = Math.min(expected.height, actual.height);
  const diff = new PNG({ width, height });
  let differing = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const e = (y * expected.width + x) * 4;
      const a = (y * actual.width + x) * 4;
      const d = (y * width + x) * 4;
      let apart = false;
      for (let channel = 0; channel < 4 && !apart; channel++)
        apart = Math.abs(byte(expected, e + channel) - byte(actual, a + channel)) > tolerance.channel;
      if (apart) differing++;
      // differing pixels in red over a faded copy of the committed picture
      const faded = apart
        ? 0
        : 155 +
          (byte(expected, e) * 0.3 + byte(expected, e + 1) * 0.59 + byte(expected, e + 2) * 0.11) * 0.39;
      diff.data[d] = apart ? 255 : faded;
      diff.data[d + 1] = faded;
      diff.data[d + 2] = faded;
      diff.data[d + 3] = 255;
    }
  const allPixels = Math.max(expected.width * expected.height, actual.width * actual.height);
  const share = (differing + allPixels - width * height) / allPixels;
  const sizes = `${expected.width}×${expected.height} committed, ${actual.width}×${actual.height} now`;
  let mismatch: string | null = null;
  if (expected.width !== actual.width) mismatch = `the width changed (${sizes})`;
  else if (Math.abs(expected.height - actual.height) > expected.height * tolerance.heightShare)
    mismatch = `the height changed by more than ${tolerance.heightShare * 100} % (${sizes})`;
  else if (share > tolerance.differingShare)
    mismatch = `${(share * 100).toFixed(2)} % of the pixels differ, more than ${tolerance.differingShare * 100} % (${sizes})`;
  return { mismatch, diff: PNG.sync.write(diff) };
}
