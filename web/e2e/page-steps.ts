import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility';
import { screenshotFolder } from './chromium';

/**
 * What every browser test does on its page: a full-page screenshot named for review, waiting for a
 * heading as the user sees it, axe with no serious or critical violation. `page` is read at each call,
 * since tests open a new page per context.
 */
export function pageSteps(page: () => Page, fileName: (name: string) => string = (name) => name) {
  return {
    screenshot: (name: string) =>
      page().screenshot({ path: join(screenshotFolder, `${fileName(name)}.png`), fullPage: true }),
    heading: (level: number, name: string | RegExp) =>
      page().getByRole('heading', { level, name }).waitFor({ timeout: 30_000 }),
    expectAccessible: async () => expect(await seriousAccessibilityViolations(page())).toEqual([]),
  };
}
