import { useAddBasketEntriesMutation, useCreateBasketMutation } from '../api';
import type { BasketEntry } from '../model/types';
import { basketProblemOf, type BasketOutcome } from './basket-problem';
import { basketStore } from './basket-store';
import { toServerEntryInput } from './server-entries';

/**
 * Adds entries to the client basket and the server basket: the first add creates the server basket
 * and keeps its id; a basket the server no longer knows is replaced by a new one.
 */
export function useAddToBasket(): {
  add: (entries: BasketEntry[]) => Promise<BasketOutcome>;
  isAdding: boolean;
} {
  const [createBasket, creation] = useCreateBasketMutation();
  const [addEntries, addition] = useAddBasketEntriesMutation();

  const add = async (entries: BasketEntry[]): Promise<BasketOutcome> => {
    const inputs = entries.map(toServerEntryInput);
    const basketId = basketStore.get().serverBasketId;
    let result = basketId ? await addEntries({ basketId, entries: inputs }) : await createBasket(inputs);
    if (basketId && result.error && 'status' in result.error && result.error.status === 404) {
      basketStore.reset();
      result = await createBasket(inputs);
    }
    if (result.error) return { ok: false, problem: basketProblemOf(result.error) };
    basketStore.addEntries(entries, result.data.id);
    return { ok: true };
  };

  return { add, isAdding: creation.isLoading || addition.isLoading };
}
