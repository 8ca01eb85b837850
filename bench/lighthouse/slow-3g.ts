import type { BrowserContext } from 'playwright-core';

/**
 * Chrome DevTools' "Slow 3G" preset as its network panel applies it: 2 s round trip, 400 kbit/s each
 * way (DevTools' 500 kbit/s × 0.8), no CPU slowdown.
 */
const slow3g = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/**
 * Milliseconds from the start of the navigation until the home page shows its first product card's
 * name (visible by Playwright's rule), in a new tab with its cache off, throttled through the DevTools protocol.
 */
export async function productsVisibleOnSlow3g(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slow3g);
    // measured from here (the shop's CSP refuses the evaluated predicates a page clock would need):
    // the bench's polling adds a few tens of milliseconds at most
    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.locator('.product-card:not(.skeleton-card) h3').first().waitFor({ timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await page.close();
  }
}
