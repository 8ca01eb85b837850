/**
 * The id of the server basket this browser goes on with, kept in `localStorage` so that it survives
 * reloads and new tabs (docs/basket.md, "The customer's basket, not the tab's"). Only the id is kept:
 * the basket itself is the server's, read through the one RTK Query cache. Every tab sees a change at
 * once (the `storage` event).
 */
export const BASKET_ID_KEY = 'alpenpass.basket.serverId';

const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return window.localStorage.getItem(BASKET_ID_KEY);
  } catch {
    return null;
  }
}

function write(basketId: string | null): void {
  try {
    if (basketId) window.localStorage.setItem(BASKET_ID_KEY, basketId);
    else window.localStorage.removeItem(BASKET_ID_KEY);
  } catch {
    // storage may be blocked: the basket then lasts as long as the page
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === BASKET_ID_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const basketIdStore = {
  get: read,
  /** a server-rendered page knows no browser's basket: it is drawn without, and hydration reads the kept id after */
  getOnServer: (): string | null => null,
  subscribe,
  keep: (basketId: string) => write(basketId),
  /** the basket became an order or the server no longer knows it: the next add starts a new one */
  forget(basketId?: string) {
    if (basketId === undefined || read() === basketId) write(null);
  },
};
