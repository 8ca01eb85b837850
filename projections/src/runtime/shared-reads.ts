import type { EventSource } from './projection';

/**
 * One pass of the projector over every projection: most of them stand at the same checkpoint, so the
 * store is read once per position and the batch handed to each (the first read's snapshot obeys the
 * store's visibility rule like any other). An empty answer is not kept: a projection waiting for a
 * position the store does not show yet must read again. Use one per pass, then drop it.
 */
export function sharedReads(source: EventSource): EventSource {
  const batches = new Map<string, ReturnType<EventSource['readAll']>>();
  return {
    readAll(afterPosition, limit) {
      const key = `${afterPosition}:${limit}`;
      let batch = batches.get(key);
      if (!batch) {
        batch = source.readAll(afterPosition, limit);
        batches.set(key, batch);
        batch.then(
          (events) => events.length === 0 && batches.delete(key),
          () => batches.delete(key),
        );
      }
      return batch;
    },
    headPosition: () => source.headPosition(),
    lastCommittedPosition: () => source.lastCommittedPosition(),
  };
}
