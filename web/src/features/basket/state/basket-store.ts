import { useSyncExternalStore } from 'react';
import { addEntry, emptyBasket, removeEntry } from '../model/basket-entries';
import { loadBasket, saveBasket } from '../model/basket-storage';
import type { BasketEntry, ClientBasket } from '../model/types';

/** The server basket's id, next to the client basket in the same tab's session storage. */
export const SERVER_BASKET_ID_KEY = 'alpenpass.basket.serverId';

export interface BasketState {
  basket: ClientBasket;
  serverBasketId: string | null;
}

let state: BasketState | undefined;
const listeners = new Set<() => void>();

function current(): BasketState {
  state ??= { basket: loadBasket(), serverBasketId: sessionStorage.getItem(SERVER_BASKET_ID_KEY) };
  return state;
}

function update(next: BasketState): void {
  state = next;
  saveBasket(next.basket);
  if (next.serverBasketId) sessionStorage.setItem(SERVER_BASKET_ID_KEY, next.serverBasketId);
  else sessionStorage.removeItem(SERVER_BASKET_ID_KEY);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The basket of this tab, shared by every component and kept in session storage (§4). */
export function useBasketState(): BasketState {
  return useSyncExternalStore(subscribe, current);
}

export const basketStore = {
  get: current,
  addEntries(entries: readonly BasketEntry[], serverBasketId: string) {
    update({ basket: entries.reduce(addEntry, current().basket), serverBasketId });
  },
  removeEntries(entryIds: readonly string[]) {
    update({ ...current(), basket: entryIds.reduce(removeEntry, current().basket) });
  },
  replaceBasket(basket: ClientBasket) {
    update({ ...current(), basket });
  },
  /** The server no longer knows the basket: start afresh. */
  reset() {
    update({ basket: emptyBasket(), serverBasketId: null });
  },
};
