import { useAddBasketEntriesMutation, useCreateBasketMutation } from '../api';
import type { BasketEntry } from '../model/types';
import { basketIdStore } from './basket-id';
import { basketProblemOf, type BasketOutcome } from './basket-problem';
import { toServerEntryInput } from './server-entries';
import { useCurrentBasket } from './use-current-basket';

/**
 * Adds the configured entries to the customer's basket on the server: the first add creates the basket
 * and keeps its id; a basket the server no longer knows is replaced by a new one.
 */
export function useAddToBasket(): {
  add: (entries: BasketEntry[]) => Promise<BasketOutcome>;
  isAdding: boolean;
} {
  const { basketId } = useCurrentBasket();
  const [createBasket, creation] = useCreateBasketMutation();
  const [addEntries, addition] = useAddBasketEntriesMutation();

  const add = async (entries: BasketEntry[]): Promise<BasketOutcome> => {
    const inputs = entries.map(toServerEntryInput);
    let result = basketId ? await addEntries({ basketId, entries: inputs }) : await createBasket(inputs);
    if (basketId && result.error && 'status' in result.error && result.error.status === 404) {
      basketIdStore.forget(basketId);
      result = await createBasket(inputs);
    }
    if (result.error) return { ok: false, problem: basketProblemOf(result.error) };
    basketIdStore.keep(result.data.id);
    return { ok: true };
  };

  return { add, isAdding: creation.isLoading || addition.isLoading };
}
