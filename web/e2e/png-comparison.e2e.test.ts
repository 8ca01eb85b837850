import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { launchChromium } from './chromium';
import { comparePngs as compareIn } from './png-comparison';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const comparePngs = (expected: Buffer, actual: Buffer) => compareIn(page, expected, actual);

/** a grey picture whose first `redRows` rows are red, as PNG bytes */
function picture(width: number, height: number, options: { redRows?: number; grey?: number } = {}): Buffer {
  const png = new PNG({ width, height });
  for (let pixel = 0; pixel < width * height; pixel++) {
    const red = pixel < (options.redRows ?? 0) * width;
    const grey = options.grey ?? 200;
    png.data.set(red ? [255, 0, 0, 255] : [grey, grey, grey, 255], pixel * 4);
  }
  return PNG.sync.write(png);
}

describe('comparing a shot with the committed one', () => {
  it('lets the same picture and a slightly different shade pass', async () => {
    expect((await comparePngs(picture(100, 100), picture(100, 100))).mismatch).toBeNull();
    expect((await comparePngs(picture(100, 100), picture(100, 100, { grey: 190 }))).mismatch).toBeNull();
  });

  it('allows 1.5 % of the pixels to differ, not more', async () => {
    expect((await comparePngs(picture(100, 100), picture(100, 100, { redRows: 1 }))).mismatch).toBeNull();
    expect((await comparePngs(picture(100, 100), picture(100, 100, { redRows: 2 }))).mismatch).toBe(
      '2.00 % of the pixels differ, more than 1.5 % (100×100 committed, 100×100 now)',
    );
  });

  it('fails on another width, or a height changed by more than 3 %', async () => {
    expect((await comparePngs(picture(100, 100), picture(101, 100))).mismatch).toMatch(/^the width changed/);
    expect((await comparePngs(picture(100, 100), picture(100, 104))).mismatch).toMatch(/^the height changed/);
    expect((await comparePngs(picture(100, 100), picture(100, 101))).mismatch).toBeNull();
  });

  it('draws the differing pixels in red over the committed picture', async () => {
    const diff = PNG.sync.read((await comparePngs(picture(10, 10), picture(10, 10, { redRows: 1 }))).diff);
    expect([...diff.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...diff.data.subarray(40, 44)]).not.toEqual([255, 0, 0, 255]);
  });
});
