import { streamCategory } from '@alpenpass/contracts';
import type { EventStore } from '../event-store/event-store';
import { eventStoreAppendDuration } from './process-metrics';

const resultOf = (error: unknown) =>
  (error as Error)?.name === 'ConcurrencyConflictError' ? 'conflict' : 'error';

/** Measures every append of the store, to one stream or to several (in place: caches keyed by the store instance keep working). */
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
  const appendToStreams = store.appendToStreams?.bind(store);
  if (appendToStreams)
    store.appendToStreams = async (appends, options) => {
      // one trip for several streams: each stream's category counts it once, with the trip's time
      const categories = [...new Set(appends.map((append) => streamCategory(append.streamName)))];
      const started = process.hrtime.bigint();
      const observe = (result: string) => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const category of categories) eventStoreAppendDuration.observe({ category, result }, seconds);
      };
      try {
        const outcome = await appendToStreams(appends, options);
        observe(outcome.appended ? 'ok' : 'conflict');
        return outcome;
      } catch (error) {
        observe(resultOf(error));
        throw error;
      }
    };
  return store;
}
