import type { ServerEntry } from '../server-types';

const startOf = (entry: ServerEntry) =>
  entry.validity ? new Date(entry.validity.from).getTime() : Number.MAX_SAFE_INTEGER;
const textOf = (bound: Date | string) => (bound instanceof Date ? bound.toISOString() : bound);

/**
 * The basket's lines by first day, then product: a quantity change re-adds an entry (it comes back last
 * from the server), and the line must stay where the customer's eyes and focus are.
 */
export function orderedLines(entries: readonly ServerEntry[]): ServerEntry[] {
  return [...entries].sort(
    (a, b) =>
      startOf(a) - startOf(b) ||
      a.productId - b.productId ||
      a.productDefinitionId - b.productDefinitionId ||
      (a.slotId ?? 0) - (b.slotId ?? 0),
  );
}

/** A key that survives a quantity change (the entry id does not), so React keeps the line and its focused button. */
export function lineKeys(entries: readonly ServerEntry[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const base = `${entry.productDefinitionId}|${entry.slotId ?? ''}|${entry.validity ? textOf(entry.validity.from) : ''}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}#${count}`;
  });
}
