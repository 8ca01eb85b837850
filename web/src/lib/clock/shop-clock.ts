/**
 * The shop's clock in the browser. A server-rendered page was drawn at the shop's instant it carries
 * (`renderedAt`): the browser's first render must draw the same day, and the days after it follow the
 * shop, not the device (whose clock may be wrong, or, in the tests, the real day while the shop's is
 * set by SHOP_CLOCK). So a page that carries that instant counts on from it; a page the browser
 * rendered alone, and the server's own render, read `Date`, which on the server is the shop's clock.
 */
let followed: { renderedAt: number; loadedAt: number } | undefined;

export function followServerClock(renderedAt: Date): void {
  followed = { renderedAt: renderedAt.getTime(), loadedAt: performance.now() };
}

export function shopNow(): Date {
  return followed ? new Date(followed.renderedAt + performance.now() - followed.loadedAt) : new Date();
}
