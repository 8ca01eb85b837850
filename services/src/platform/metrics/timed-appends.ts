import { streamCategory } from '@alpenpass/contracts';
import type { EventStore } from '../event-store/event-store';
import { eventStoreAppendDuration } from './process-metrics';

const resultOf = (error: unknown) =>
  (error as Error)?.name === 'ConcurrencyConflictError' ? 'conflict' : 'error';

/** Measures every append of the store (in place: caches keyed by the store instance keep working). */
export function timeAppends<Store extends EventStore>(store: Store): Store {
  const append = store.append.bind(store);
  store.append = (async (streamName: string, ...rest: unknown[]) => {
    const stop = eventStoreAppendDuration.startTimer({ category: streamCategory(streamName) });
    try {
      const result = await (append as (...args: unknown[]) => Promise<unknown>)(streamName, ...rest);
      stop({ result: 'ok' });
      return result;
    } catch (error) {
      stop({ result: resultOf(error) });
      throw error;
    }
  }) as Store['append'];
  return store;
}
