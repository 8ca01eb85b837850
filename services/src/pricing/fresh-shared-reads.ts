/**
 * Coalesces concurrent reads of the same key without ever answering with a read that began before the
 * caller arrived: a caller that finds a read under way joins the next one, which starts when the current
 * one ends. What it gets is therefore as fresh as a read of its own, and a crowd of pollers costs about
 * two reads at a time instead of one each (the conditional GETs' change marks, etag.ts).
 */
export function freshSharedReads<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const next = new Map<string, Promise<T>>();

  const start = (key: string): Promise<T> => {
    const reading: Promise<T> = read(key).finally(() => {
      if (running.get(key) === reading) running.delete(key);
    });
    running.set(key, reading);
    return reading;
  };

  return (key) => {
    const current = running.get(key);
    if (!current) return start(key);
    let following = next.get(key);
    if (!following) {
      following = current
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next.delete(key);
          return start(key);
        });
      next.set(key, following);
    }
    return following;
  };
}
