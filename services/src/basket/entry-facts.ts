import type { BookingWindow, Medium } from '@alpenpass/contracts';
import { DateTime } from 'luxon';

/** What the basket decider needs to know from the outside (catalogue, capacity, pricing). The
 * service gathers these facts before deciding, so that the decider stays pure. */
export interface DefinitionFacts {
  id: number;
  productId: number;
  /** identifier -> value, e.g. age -> adult, duration -> 2d */
  attributes: Record<string, string>;
  /** the catalogue's base price in minor units (CHF) */
  basePrice: number;
  requiredDefinitions: { definitionId: number; count: number }[];
}

export interface ProductFacts {
  id: number;
  timezone: string;
  hasValidity: boolean;
  media: Medium[];
  bookingWindow: BookingWindow;
  /** every definition of the product: the candidates of the §5 best-fit rule */
  definitionIds: number[];
}

export interface SlotFacts {
  slotId: number;
  productId: number;
  from: string;
  to: string;
  productDefinitionIds: number[];
}

export interface EntryFacts {
  definitions: Map<number, DefinitionFacts>;
  products: Map<number, ProductFacts>;
  slots: Map<number, SlotFacts>;
  /** prices of the pricing read model by priceKey(definitionId, day), in minor units */
  prices: Map<string, number>;
  now: Date;
}

export const priceKey = (definitionId: number, day: string) => `${definitionId}@${day}`;

/** Slot choice sets the validity in CET (§4). */
export const SLOT_VALIDITY_ZONE = 'CET';

export function slotValidity(slot: SlotFacts): { from: string; to: string } {
  const inCet = (instant: string) => DateTime.fromISO(instant, { zone: 'utc' }).setZone(SLOT_VALIDITY_ZONE).toISO()!;
  return { from: inCet(slot.from), to: inCet(slot.to) };
}

/** The day an entry is priced for: the first day of its validity in the pool's timezone, else today. */
export function priceDay(validity: { from: string } | null, timezone: string, now: Date): string {
  if (validity && /^\d{4}-\d{2}-\d{2}$/.test(validity.from)) return validity.from;
  const start = validity ? DateTime.fromISO(validity.from, { setZone: true }) : DateTime.fromJSDate(now);
  return start.setZone(timezone).toISODate()!;
}

export function emptyFacts(now: Date): EntryFacts {
  return { definitions: new Map(), products: new Map(), slots: new Map(), prices: new Map(), now };
}
