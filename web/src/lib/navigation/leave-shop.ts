/** Sends the browser to another site (a payment provider's page); a module of its own so tests can replace it. */
export function leaveShopFor(url: string): void {
  window.location.assign(url);
}
