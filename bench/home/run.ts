import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../web/e2e/chromium';
import { startShop } from '../../web/e2e/shop-process';

/**
 * `npm run bench:home -- [runs=5]`: the initial JS of the built SPA (the entry script and its module
 * preloads in web/dist/index.html, gzip level 9, budget 170 kB) and the largest contentful paint of the
 * demo's home page, on a shop started for the run, at 1366 px and at 390 px with the CPU slowed 4×
 * (a mid-range phone). Needs `npm run build:web` first. Median of the runs, each in a fresh context.
 * The hero picture is a small SVG: Chromium leaves such low-entropy images out of LCP, so the element
 * measured is usually the first product picture, which waits for the catalogue answer.
 */
const dist = join(__dirname, '..', '..', 'web', 'dist');
const BUDGET_KB = 170;

export function initialScripts(indexHtml: string): string[] {
  const entry = [...indexHtml.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  return [...entry, ...preloads];
}

function initialJsGzipKb(): { files: { file: string; kb: number }[]; total: number } {
  const files = initialScripts(readFileSync(join(dist, 'index.html'), 'utf8')).map((file) => ({
    file,
    kb: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024,
  }));
  return { files, total: files.reduce((sum, entry) => sum + entry.kb, 0) };
}

async function largestContentfulPaint(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  cpuSlowdown: number,
): Promise<{ ms: number; element: string }> {
  const context = await browser.newContext({ viewport, locale: 'de' });
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('.product-card img').first().waitFor();
    return (await page.evaluate(lastLargestPaint)) as { ms: number; element: string };
  } finally {
    await context.close();
  }
}

/** Runs in the page (the bench compiles without the DOM's types): the last LCP entry so far and its element. */
const lastLargestPaint = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    const element = last.element;
    resolve({ ms: last.startTime, element: element ? element.tagName.toLowerCase() + '.' + element.className : '?' });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 5);
  const js = initialJsGzipKb();
  console.log('initial JS (gzip -9):');
  for (const { file, kb } of js.files) console.log(`  ${file.padEnd(40)} ${kb.toFixed(1)} kB`);
  console.log(
    `  total ${js.total.toFixed(1)} kB of ${BUDGET_KB} kB budget${js.total > BUDGET_KB ? '  OVER BUDGET' : ''}`,
  );

  // the demo's price generation after start-up would share the CPU with the page: measured once it is done
  const [shop, browser] = await Promise.all([startShop({}, { awaitDemoPrices: true }), launchChromium()]);
  try {
    const url = `${shop.origin}/de`;
    // one visit first: the shop's caches and chromium's start-up are not what a visitor measures
    await largestContentfulPaint(browser, url, { width: 1366, height: 900 }, 1);
    for (const setting of [
      { name: 'desktop 1366 px', viewport: { width: 1366, height: 900 }, cpu: 1 },
      { name: 'phone 390 px, CPU 4× slower', viewport: { width: 390, height: 844 }, cpu: 4 },
    ]) {
      const samples = [];
      for (let run = 0; run < runs; run += 1)
        samples.push(await largestContentfulPaint(browser, url, setting.viewport, setting.cpu));
      const ms = samples.map((sample) => sample.ms);
      console.log(
        `home LCP, ${setting.name}: median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}), element ${samples.at(-1)!.element}`,
      );
    }
  } finally {
    await browser.close();
    await shop.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
