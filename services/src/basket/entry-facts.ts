import {
  defaultSaleLimits,
  type KeycardStatus,
  type KeycardType,
  type Medium,
  type ProductKind,
  type SaleLimits,
} from '@alpenpass/contracts';
import { DateTime } from 'luxon';
import type { SaleCalendar } from '../catalogue';
import { boundedMemo } from '../platform/bounded-memo';
import { zonedToday } from '../platform/zoned-today';

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
  /** the ages (in years, inclusive) the age attribute stands for, where the catalogue says */
  ageRange: { minAge?: number; maxAge?: number };
}

/** A person named on an entry, as far as the basket needs to know (the account context's). */
export interface PersonFacts {
  personId: number;
  /** yyyy-MM-dd, null when unknown */
  birthdate: string | null;
}

/** A keycard of the account named on an entry: whose it is and its system (type). */
export interface KeycardFacts {
  personId: number | null;
  type?: KeycardType;
  /** ACTIVE when absent; an EXPIRED card is the account's but carries no pass */
  status?: KeycardStatus;
}

export interface ProductFacts extends SaleCalendar {
  id: number;
  kind: ProductKind;
  hasValidity: boolean;
  media: Medium[];
  /** every definition of the product: the candidates of the §5 best-fit rule */
  definitionIds: number[];
}

export interface SlotFacts {
  slotId: number;
  productId: number;
  from: string;
  to: string;
  productDefinitionIds: number[];
  capacity: number;
}

export interface EntryFacts {
  definitions: Map<number, DefinitionFacts>;
  products: Map<number, ProductFacts>;
  slots: Map<number, SlotFacts>;
  /** prices of the pricing read model by priceKey(definitionId, day), in minor units */
  prices: Map<string, number>;
  /** persons of the basket's account named on the entries (those that exist and belong to it) */
  persons: Map<number, PersonFacts>;
  /** the account's keycards named on the entries (any status still registered) */
  keycards: Map<number, KeycardFacts>;
  limits: SaleLimits;
  now: Date;
}

export const priceKey = (definitionId: number, day: string) => `${definitionId}@${day}`;

/** Slot choice sets the validity in CET (§4). */
export const SLOT_VALIDITY_ZONE = 'CET';

// zone conversions are a large part of an add's CPU (luxon asks Intl for the offset): every add to a
// slot converts the same instants, so the answers are remembered
const inCet = boundedMemo((instant) =>
  DateTime.fromISO(instant, { zone: 'utc' }).setZone(SLOT_VALIDITY_ZONE).toISO()!,
);
const dayInZone = boundedMemo((key) => {
  const [timezone, instant] = key.split('|') as [string, string];
  return DateTime.fromISO(instant, { setZone: true }).setZone(timezone).toISODate()!;
});

export function slotValidity(slot: SlotFacts): { from: string; to: string } {
  return { from: inCet(slot.from), to: inCet(slot.to) };
}

/** The day an entry is priced for: the first day of its validity in the pool's timezone, else today. */
export function priceDay(validity: { from: string } | null, timezone: string, now: Date): string {
  if (validity && /^\d{4}-\d{2}-\d{2}$/.test(validity.from)) return validity.from;
  if (validity) return dayInZone(`${timezone}|${validity.from}`);
  return zonedToday(now, timezone);
}

export function emptyFacts(now: Date, limits: SaleLimits = defaultSaleLimits): EntryFacts {
  return {
    definitions: new Map(),
    products: new Map(),
    slots: new Map(),
    prices: new Map(),
    persons: new Map(),
    keycards: new Map(),
    limits,
    now,
  };
}
