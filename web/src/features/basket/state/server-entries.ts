import { AGE_ATTRIBUTE, type BasketEntry } from '../model/types';
import type { ServerEntry, ServerEntryInput } from '../server-types';

/**
 * A client entry as the server basket takes it: the person type goes into the allocation (§5: the
 * age is never an attribute), a slot carries its own validity, and required products are left to the
 * server, which adds them as originated entries.
 */
export function toServerEntryInput(entry: BasketEntry): ServerEntryInput {
  const personType = entry.productDefinition.attributes[AGE_ATTRIBUTE]?.value;
  return {
    productDefinitionId: entry.productDefinition.id,
    slotId: entry.slot?.id ?? null,
    allocation: personType ? { personTypes: [{ personType, quantity: entry.quantity }] } : { quantity: entry.quantity },
    attributes: {},
    ...(entry.slot === null && entry.validity ? { validity: entry.validity } : {}),
  };
}

const sameInstant = (iso: string | undefined, date: Date | undefined) =>
  iso === undefined || date === undefined ? iso === undefined && date === undefined : new Date(iso).getTime() === date.getTime();

/** Whether a server entry is the one a client entry was sent as (ids are not shared, §4 ids are the client's). */
export function isServerEntryOf(entry: BasketEntry, server: ServerEntry): boolean {
  return (
    server.productDefinitionId === entry.productDefinition.id &&
    server.slotId === (entry.slot?.id ?? null) &&
    server.quantity === entry.quantity &&
    (entry.slot !== null || sameInstant(entry.validity?.from, server.validity?.from))
  );
}

/** The ids of every entry of a server basket, nested ones included. */
export const serverEntryIds = (entries: readonly ServerEntry[]): string[] =>
  entries.flatMap((entry) => [entry.id, ...serverEntryIds(entry.children), ...serverEntryIds(entry.originatedEntries)]);

/**
 * The input that adds `entry` again with another quantity, or null when its allocation cannot simply
 * be scaled (named persons, or several person types in one entry: the SPA never makes those).
 */
export function resizedEntryInput(entry: ServerEntry, quantity: number): ServerEntryInput | null {
  const { allocation } = entry;
  let resized: ServerEntryInput['allocation'];
  if (!allocation || 'quantity' in allocation) resized = { quantity };
  else {
    const [only, ...others] = allocation.personTypes;
    if (!only || others.length > 0 || !('quantity' in only)) return null;
    resized = { personTypes: [{ personType: only.personType, quantity }] };
  }
  return {
    productDefinitionId: entry.productDefinitionId,
    slotId: entry.slotId,
    allocation: resized,
    attributes: entry.attributes,
    ...(entry.slotId === null && entry.validity ? { validity: { from: entry.validity.from.toISOString(), to: entry.validity.to.toISOString() } } : {}),
  };
}
