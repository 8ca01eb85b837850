// @date-matrix: the shots' day is fixed whatever day they run
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousAccessibilityViolations, type AxeViolation } from './accessibility';
import { launchChromium, screenshotFolder } from './chromium';
import { comparePngs } from './png-comparison';
import { committedShotsFolder, startShotShop, takeShots } from './screenshot-journeys';
import type { ShopProcess } from './shop-process';

let shop: ShopProcess;
let browser: Browser;
/** a blank page where the shots are compared */
let comparing: Page;
const differencesFolder = join(screenshotFolder, 'screenshot-differences');

beforeAll(async () => {
  mkdirSync(differencesFolder, { recursive: true });
  [shop, browser] = await Promise.all([startShotShop(), launchChromium()]);
  comparing = await browser.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
}, 60_000);

/** the pages of other origins than the SPA, which the SPA's own browser tests do not run axe on */
const checkedForAccessibility = ['sign-in', 'mail'];

describe('the screenshots in docs/screenshots', () => {
  it('still show the shop as it looks now, at both widths (what changes by itself masked)', async () => {
    const mismatches: string[] = [];
    const violations: Record<string, AxeViolation[]> = {};
    await takeShots(browser, shop, async ({ name, png, page }) => {
      if (checkedForAccessibility.some((step) => name.startsWith(`${step}-`))) {
        const found = await seriousAccessibilityViolations(page);
        if (found.length) violations[name] = found;
      }
      const committed = join(committedShotsFolder, `${name}.png`);
      if (!existsSync(committed)) return void mismatches.push(`${name}: no committed ${committed}`);
      const { mismatch, diff } = await comparePngs(comparing, readFileSync(committed), png);
      if (!mismatch) return;
      const actualPath = join(differencesFolder, `${name}-actual.png`);
      const diffPath = join(differencesFolder, `${name}-diff.png`);
      writeFileSync(actualPath, png);
      writeFileSync(diffPath, diff);
      mismatches.push(`${name}: ${mismatch}; now ${actualPath}, differences in red ${diffPath}`);
    });

    expect(violations).toEqual({});
    if (mismatches.length)
      throw new Error(
        `The shop no longer looks as docs/screenshots shows it:\n${mismatches.join('\n')}\n` +
          'If the change is wanted, accept it with `npm run build:web && npm run screenshots` and commit the PNGs.',
      );
  }, 600_000);
});
