import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureChromium } from '../../web/e2e/chromium';
import { freePort, startShop } from '../../web/e2e/shop-process';
import { lighthouseRun, medianFigures, type PageFigures } from './lighthouse-run';
import { fillBasket, openGuestCheckout, PRODUCT_PATH } from './shop-pages';
import { productsVisibleOnSlow3g } from './slow-3g';

/**
 * `npm run bench:lighthouse -- [runs=3]`: Lighthouse's mobile run (simulated slow 4G, 4× CPU) on the
 * home page, a product page, a basket with one slot and a guest's checkout of a shop started for the
 * bench (its own database and ports, the demo resort's prices generated), median of the runs; then the
 * home page's products on Chrome DevTools' "Slow 3G" in Debian's chromium. Builds web/ first, so the
 * figures are those of the working tree. Issue #39's goals beside each figure; a figure, not a test.
 */
const repositoryRoot = join(__dirname, '..', '..');
const goals = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05, homeScriptKiB: 100, slow3gMs: 6000 };

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function row(page: string, figures: PageFigures): string {
  const mark = (met: boolean) => (met ? ' ' : '!');
  return [
    page.padEnd(22),
    `${String(figures.score).padStart(3)}${mark(figures.score >= goals.score)}`,
    `${(figures.lcpMs / 1000).toFixed(1).padStart(5)} s${mark(figures.lcpMs <= goals.lcpMs)}`,
    `${figures.tbtMs.toFixed(0).padStart(5)} ms${mark(figures.tbtMs <= goals.tbtMs)}`,
    `${figures.cls.toFixed(3).padStart(6)}${mark(figures.cls <= goals.cls)}`,
    `${figures.transferredKiB.toFixed(0).padStart(5)} KiB`,
    `${figures.scriptKiB.toFixed(0).padStart(5)} KiB`,
  ].join('  ');
}

async function measure(browser: PuppeteerBrowser, url: string, runs: number): Promise<PageFigures> {
  const samples: PageFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    // a tab of the persistent context: it shares the basket's id; a guest's token lives per tab
    const page = (await browser.pages()).find((open) => open.url() === url) ?? (await browser.newPage());
    samples.push(await lighthouseRun(page, url));
  }
  return medianFigures(samples);
}

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const loadBefore = loadAverage();
  execFileSync('npm', ['run', 'build:web'], { cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  // the shop needs Temporal, NATS and Mailpit: started when down, as the tests' global set-up does
  execFileSync('bash', ['infra/scripts/ensure-services.sh'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  ensureChromium();
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'alpenpass-lighthouse-'));
  // the demo's price generation after start-up would share the CPU with the pages: measured once done
  const [shop, context] = await Promise.all([
    startShop({ FEATURE_FLAGS: 'guestCheckout' }, { awaitDemoPrices: true }),
    chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    }) as Promise<BrowserContext>,
  ]);
  let lighthouseBrowser: PuppeteerBrowser | undefined;
  try {
    const home = `${shop.origin}/de`;
    // one visit first: the shop's caches and chromium's start-up are not what a visitor meets
    const warmUp = await context.newPage();
    await warmUp.goto(home, { waitUntil: 'networkidle' });
    await warmUp.close();

    const slow3g: number[] = [];
    for (let run = 0; run < runs; run += 1) slow3g.push(await productsVisibleOnSlow3g(context, home));

    lighthouseBrowser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${port}`,
      defaultViewport: null,
    });
    const figures: [string, PageFigures][] = [
      ['home /de', await measure(lighthouseBrowser, home, runs)],
      [PRODUCT_PATH, await measure(lighthouseBrowser, `${shop.origin}${PRODUCT_PATH}`, runs)],
    ];
    const shopping = await context.newPage();
    const basket = await fillBasket(shopping, shop.origin);
    figures.push(['basket (1 slot)', await measure(lighthouseBrowser, basket, runs)]);
    const checkout = await openGuestCheckout(shopping);
    figures.push(["guest's checkout", await measure(lighthouseBrowser, checkout, runs)]);

    console.log(`\nLighthouse 12.2.3, mobile preset (simulated slow 4G, 4× CPU), median of ${runs} runs`);
    console.log(
      `goals: score ≥ ${goals.score}, LCP ≤ ${goals.lcpMs / 1000} s, TBT ≤ ${goals.tbtMs} ms, CLS ≤ ${goals.cls}; ! = missed\n`,
    );
    console.log('page                    score    LCP        TBT       CLS  transferred  JS to load');
    for (const [page, pageFigures] of figures) console.log(row(page, pageFigures));
    for (const [page, { cls, shifted }] of figures)
      if (cls > goals.cls) console.log(`  ${page} moved: ${shifted.join('; ')}`);
    const { scriptKiB: homeScript, laterScriptKiB } = figures[0]![1];
    console.log(
      `\nhome page's JavaScript, compressed as sent, before the load event: ${homeScript.toFixed(1)} KiB (goal ≤ ${goals.homeScriptKiB})${homeScript > goals.homeScriptKiB ? '  missed' : ''}; after it, the links' prefetches: ${laterScriptKiB.toFixed(1)} KiB`,
    );
    const slow = median(slow3g);
    console.log(
      `home page's products visible on "Slow 3G" (2 s round trip, 400 kbit/s): median ${(slow / 1000).toFixed(1)} s of ${slow3g
        .map((ms) => (ms / 1000).toFixed(1))
        .join(', ')} (goal ≤ ${goals.slow3gMs / 1000} s)${slow > goals.slow3gMs ? '  missed' : ''}`,
    );
    console.log(`load average ${loadBefore} before → ${loadAverage()} after`);
  } finally {
    await lighthouseBrowser?.disconnect();
    await context.close();
    await shop.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
