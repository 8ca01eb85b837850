import { useDispatch } from 'react-redux';
import type { AppStore } from '../../../app/store';
import { basketApi, useAddBasketEntriesMutation, useCreateBasketMutation } from '../api';
import type { BasketEntry } from '../model/types';
import { basketProblemOf, type BasketProblem } from './basket-problem';
import { basketStore } from './basket-store';
import { toServerEntryInput } from './server-entries';

export type AddOutcome = { ok: true } | { ok: false; problem: BasketProblem };

/**
 * Adds entries to the client basket and the server basket: the first add creates the server basket
 * and keeps its id; a basket the server no longer knows is replaced by a new one.
 */
export function useAddToBasket(): { add: (entries: BasketEntry[]) => Promise<AddOutcome>; isAdding: boolean } {
  const dispatch = useDispatch<AppStore['dispatch']>();
  const [createBasket, creation] = useCreateBasketMutation();
  const [addEntries, addition] = useAddBasketEntriesMutation();

  const add = async (entries: BasketEntry[]): Promise<AddOutcome> => {
    const inputs = entries.map(toServerEntryInput);
    const basketId = basketStore.get().serverBasketId;
    let result = basketId ? await addEntries({ basketId, entries: inputs }) : await createBasket(inputs);
    if (basketId && result.error && 'status' in result.error && result.error.status === 404) {
      basketStore.reset();
      result = await createBasket(inputs);
    }
    if (result.error) return { ok: false, problem: basketProblemOf(result.error) };
    await dispatch(basketApi.util.upsertQueryData('getBasket', result.data.id, result.data));
    basketStore.addEntries(entries, result.data.id);
    return { ok: true };
  };

  return { add, isAdding: creation.isLoading || addition.isLoading };
}
