// Counts what the add path asks of the event store: appends, appends refused for a moved revision
// (optimistic-concurrency retries) and stream reads.
import { WrongExpectedRevisionError, type EventStore } from '../../services/src/platform/event-store/event-store';

export function countingStore(inner: EventStore) {
  const counts = { append: 0, conflicts: 0, readStream: 0 };
  const store: EventStore = {
    ...inner,
    async append(streamName, events, options) {
      counts.append += 1;
      try {
        return await inner.append(streamName, events, options);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) counts.conflicts += 1;
        throw error;
      }
    },
    async readStream(streamName, options) {
      counts.readStream += 1;
      return inner.readStream(streamName, options);
    },
  };
  return {
    store,
    counts,
    reset() {
      counts.append = 0;
      counts.conflicts = 0;
      counts.readStream = 0;
    },
  };
}
