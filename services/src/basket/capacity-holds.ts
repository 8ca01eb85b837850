import type { BasketEntryRecord, EventMetadata } from '@alpenpass/contracts';
import type { CapacityCommands, HolderCap } from '../capacity';
import type { PlatformLogger } from '../platform/event-store/event-store';

/** The fair-hold cap the holds of a request count against on each slot (none for staff). */
export interface HoldPolicy {
  holderOn?: (slotId: number) => HolderCap;
}

export interface HeldPlaces {
  entryId: string;
  slotId: number;
}

/**
 * Holds the places of new slot entries one after the other. When one is refused (sold out, slot
 * closed), the places already held for this request are given back before the refusal goes on:
 * a failed request leaves no hold behind.
 */
export async function holdPlaces(
  capacity: CapacityCommands,
  basketId: string,
  records: BasketEntryRecord[],
  policy: HoldPolicy,
  metadata: Partial<EventMetadata>,
  log: PlatformLogger,
): Promise<HeldPlaces[]> {
  const held: HeldPlaces[] = [];
  try {
    for (const record of records) {
      if (record.slotId === null) continue;
      await capacity.holdCapacity(
        {
          slotId: record.slotId,
          basketId,
          entryId: record.entryId,
          quantity: record.quantity,
          holder: policy.holderOn?.(record.slotId),
        },
        metadata,
      );
      held.push({ entryId: record.entryId, slotId: record.slotId });
    }
    return held;
  } catch (error) {
    await releasePlaces(capacity, basketId, held, metadata, log);
    throw error;
  }
}

/** Gives places back (idempotent per entry). True when every release went through; failures are
 * logged, and the basket hold's expiry releases them again later. */
export async function releasePlaces(
  capacity: CapacityCommands,
  basketId: string,
  held: HeldPlaces[],
  metadata: Partial<EventMetadata>,
  log: PlatformLogger,
): Promise<boolean> {
  let allReleased = true;
  for (const { entryId, slotId } of held) {
    try {
      await capacity.releaseCapacity({ slotId, basketId, entryId }, metadata);
    } catch (error) {
      allReleased = false;
      log.error({ err: error, basketId, entryId, slotId }, 'capacity hold could not be released');
    }
  }
  return allReleased;
}
