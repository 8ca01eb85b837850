import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../e2e/chromium';
import { committedShotsFolder, startShotShop, takeShots } from '../e2e/screenshot-journeys';

/**
 * `npm run screenshots`: starts a shop of its own (throw-away database, free port, demo resort with its
 * prices, guest checkout on) and writes docs/screenshots/<shot>-<width>.png in German at a desktop and a
 * phone width: the journeys of web/e2e/screenshot-journeys.ts, which screenshots.e2e.test.ts compares
 * with these files. Needs `npm run build:web` first. To add a shot, add a journey or a step there.
 */
async function main(): Promise<void> {
  mkdirSync(committedShotsFolder, { recursive: true });
  const [shop, browser] = await Promise.all([startShotShop(), launchChromium()]);
  try {
    await takeShots(browser, shop, async ({ name, png }) => {
      const path = join(committedShotsFolder, `${name}.png`);
      writeFileSync(path, png);
      console.log(path);
    });
  } finally {
    await browser.close();
    await shop.stop();
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
