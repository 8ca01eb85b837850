import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { AppStore } from '../../../lib/api/store';
import {
  basketApi,
  useAddBasketEntriesMutation,
  usePersonalizeBasketEntryMutation,
  useRemoveBasketEntriesMutation,
} from '../api';
import type { ServerBasket, ServerEntry } from '../server-types';
import { basketProblemOf, type BasketProblem } from './basket-problem';
import { resizedEntryInput, serverEntryIds } from './server-entries';

/** A change that was made answers the basket after it (its new total), else why it was refused. */
export type ChangeResult = { ok: true; basket: ServerBasket } | { ok: false; problem: BasketProblem };

/**
 * Removing an entry and changing its quantity on the server basket. The
 * server has no quantity change: the entry is removed and added again with the new quantity (places
 * released first, so a customer at the fair-hold cap can still change a line); should the new entry be
 * refused, the old one is put back. Its plate or person follows it.
 */
export function useBasketChanges(basketId: string) {
  const dispatch = useDispatch<AppStore['dispatch']>();
  const [removeEntries] = useRemoveBasketEntriesMutation();
  const [addEntries] = useAddBasketEntriesMutation();
  const [personalize] = usePersonalizeBasketEntryMutation();
  const [changing, setChanging] = useState<string | null>(null);

  /** Adds `entry` again with `quantity` to the basket as it is without it (`without`), with its personalization. */
  const readd = async (
    entry: ServerEntry,
    quantity: number,
    without: ServerBasket,
  ): Promise<{ basket: ServerBasket } | { problem: BasketProblem }> => {
    const input = resizedEntryInput(entry, quantity);
    if (!input) return { problem: 'failed' };
    const added = await addEntries({ basketId, entries: [input] });
    if (added.error) return { problem: basketProblemOf(added.error) };
    const known = new Set(serverEntryIds(without.entries));
    const fresh = added.data.entries.find((candidate) => !known.has(candidate.id));
    if (fresh && entry.personalization) {
      const personalized = await personalize({
        basketId,
        entryId: fresh.id,
        personalization: entry.personalization,
      });
      if (!personalized.error) return { basket: personalized.data };
    }
    return { basket: added.data };
  };

  const run = async (entry: ServerEntry, change: () => Promise<ChangeResult>): Promise<ChangeResult> => {
    setChanging(entry.id);
    try {
      return await change();
    } finally {
      setChanging(null);
    }
  };

  const remove = (entry: ServerEntry) =>
    run(entry, async () => {
      const result = await removeEntries({ basketId, entryIds: [entry.id] });
      if (result.error) return { ok: false, problem: basketProblemOf(result.error) };
      return { ok: true, basket: result.data };
    });

  const resize = (entry: ServerEntry, quantity: number) =>
    run(entry, async () => {
      if (!resizedEntryInput(entry, quantity)) return { ok: false, problem: 'failed' };
      // the line stays on screen (and keeps the focus) until the entry is back: only the add's answer is shown
      const removed = await removeEntries({ basketId, entryIds: [entry.id], partOfChange: true });
      if (removed.error) return { ok: false, problem: basketProblemOf(removed.error) };
      const outcome = await readd(entry, quantity, removed.data);
      if ('problem' in outcome) {
        const restored = await readd(entry, entry.quantity, removed.data);
        if ('problem' in restored)
          dispatch(basketApi.util.upsertQueryData('getBasket', basketId, removed.data));
        return { ok: false, problem: outcome.problem };
      }
      return { ok: true, basket: outcome.basket };
    });

  return { remove, resize, changingEntryId: changing };
}
