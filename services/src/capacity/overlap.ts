import type { PlannedSlot } from '@alpenpass/contracts';
import { conflict } from '../platform/domain-error';
import type { SlotInterval } from './slot-times';

export interface Overlap {
  candidate: SlotInterval;
  existing: PlannedSlot;
}

type Tagged = { kind: 'candidate'; interval: SlotInterval } | { kind: 'existing'; interval: PlannedSlot };

const start = (tagged: Tagged) => Date.parse(tagged.interval.from);
const end = (tagged: Tagged) => Date.parse(tagged.interval.to);

/** The first candidate that overlaps an existing slot, in one sweep over both lists sorted by start:
 * an interval overlaps an earlier-starting one of the other kind iff the latest-ending of those ends
 * after it starts (half-open intervals: a slot ending at 12:00 does not overlap one starting at 12:00). */
export function findOverlap(candidates: SlotInterval[], existing: PlannedSlot[]): Overlap | null {
  const all: Tagged[] = [
    ...candidates.map((interval): Tagged => ({ kind: 'candidate', interval })),
    ...existing.map((interval): Tagged => ({ kind: 'existing', interval })),
  ].sort((a, b) => start(a) - start(b));
  let longestCandidate: Tagged | undefined;
  let longestExisting: Tagged | undefined;
  for (const current of all) {
    const other = current.kind === 'candidate' ? longestExisting : longestCandidate;
    if (other && end(other) > start(current)) {
      const [candidate, found] = current.kind === 'candidate' ? [current, other] : [other, current];
      return { candidate: candidate.interval, existing: found.interval as PlannedSlot };
    }
    if (current.kind === 'candidate') {
      if (!longestCandidate || end(current) > end(longestCandidate)) longestCandidate = current;
    } else if (!longestExisting || end(current) > end(longestExisting)) {
      longestExisting = current;
    }
  }
  return null;
}

export const SLOT_OVERLAP = 'SLOT_OVERLAP';

/** Refuses with 409 when overlap detection is on and a candidate overlaps an existing slot. */
export function assertNoOverlap(
  productId: number,
  candidates: SlotInterval[],
  existing: PlannedSlot[],
): void {
  const overlap = findOverlap(candidates, existing);
  if (!overlap) return;
  const { candidate, existing: slot } = overlap;
  throw conflict(
    SLOT_OVERLAP,
    `The slot ${candidate.from}/${candidate.to} overlaps slot ${slot.slotId} (${slot.from}/${slot.to}) of product ${productId}; ` +
      'change the times or set overlapDetection to false.',
  );
}
