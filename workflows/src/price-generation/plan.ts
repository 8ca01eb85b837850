import { addCalendarDays, epochDayOf, isCalendarDate } from '@alpenpass/contracts/src/calendar-date';
import { maxGenerationDays } from '@alpenpass/contracts/src/price-generation-limits';

/** prices per batch (one activity call) unless the caller asks for fewer */
export const defaultPriceBatchSize = 2000;
/** no batch holds more prices than this, whatever the caller asks for */
export const maxPriceBatchSize = 10_000;

export interface PlannedBatch {
  productDefinitionIds: number[];
  /** yyyy-MM-dd, both included */
  from: string;
  to: string;
}

/** Days from `from` to `to`, both included; 0 for a backwards range. */
export function dayCount(from: string, to: string): number {
  return Math.max(0, epochDayOf(to) - epochDayOf(from) + 1);
}

/** Why a range cannot be generated, or null: generations started past the API (the demo, a
 * script) get the same bounded work. Past dates need today and are the API's check. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to))
    return `${from} to ${to} are not calendar dates yyyy-MM-dd`;
  if (to < from) return `${from} is after ${to}`;
  const days = dayCount(from, to);
  if (days > maxGenerationDays)
    return `${from} to ${to} covers ${days} days, more than the ${maxGenerationDays} a generation may`;
  return null;
}

export function planBatches(ids: number[], days: number, batchSize: number): number[][] {
  const perBatch = Math.max(1, Math.floor(batchSize / Math.max(1, days)));
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += perBatch) batches.push(ids.slice(i, i + perBatch));
  return batches;
}

/** Cuts a range into windows of at most `maxDays` days, each ending at a month end when it holds
 * one, so windows keep whole months; the range itself when it fits. */
export function dateWindows(from: string, to: string, maxDays: number): { from: string; to: string }[] {
  const windows: { from: string; to: string }[] = [];
  for (let start = from; start <= to;) {
    const limit = addCalendarDays(start, Math.max(1, maxDays) - 1);
    let end = limit;
    if (limit >= to) end = to;
    else if (!addCalendarDays(limit, 1).endsWith('-01')) {
      const endOfPreviousMonth = addCalendarDays(`${limit.slice(0, 7)}-01`, -1);
      if (endOfPreviousMonth >= start) end = endOfPreviousMonth;
    }
    windows.push({ from: start, to: end });
    start = addCalendarDays(end, 1);
  }
  return windows;
}

/** The batches of a generation: every batch at most `batchSize` prices (the range is cut into date
 * windows when one definition's days exceed it), whole definitions per window. */
export function planGeneration(
  ids: number[],
  from: string,
  to: string,
  batchSize = defaultPriceBatchSize,
): PlannedBatch[] {
  const size = Math.min(Math.max(1, batchSize), maxPriceBatchSize);
  return dateWindows(from, to, size).flatMap((window) =>
    planBatches(ids, dayCount(window.from, window.to), size).map((productDefinitionIds) => ({
      productDefinitionIds,
      ...window,
    })),
  );
}
