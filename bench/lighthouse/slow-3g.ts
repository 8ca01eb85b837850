import type { BrowserContext } from 'playwright-core';

/**
 * Chrome DevTools' "Slow 3G" preset as its network panel applies it: 2 s round trip, 400 kbit/s each
 * way (DevTools' 500 kbit/s × 0.8), no CPU slowdown.
 */
const slow3g = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

/** Runs in the page (the bench compiles without the DOM's types): when the first product card is on screen. */
const productsVisible = `(() => {
  const card = document.querySelector('.product-card:not(.skeleton-card) h3');
  if (!card) return false;
  const box = card.getBoundingClientRect();
  return box.height > 0 && box.top < innerHeight ? performance.now() : false;
})()`;

/**
 * Milliseconds from the start of the navigation until the home page shows its first product card's
 * name, on a cold cache, in a fresh context throttled through the DevTools protocol.
 */
export async function productsVisibleOnSlow3g(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slow3g);
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const visibleAt = await page.waitForFunction(productsVisible, undefined, {
      timeout: 120_000,
      polling: 'raf',
    });
    return (await visibleAt.jsonValue()) as number;
  } finally {
    await page.close();
  }
}
