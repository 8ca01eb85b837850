import { AGE_ATTRIBUTE, type BasketEntry } from '../model/types';
import { validityDays } from '../model/validity';
import type { ServerEntry, ServerEntryInput, ServerValidity } from '../server-types';

/**
 * A client entry as the server basket takes it: the person type goes into the allocation (§5: the
 * age is never an attribute), the validity as its days in the pool's zone (§4, §5: yyyy-MM-dd), a slot
 * carries its own validity, and required products are left to the server, which adds them as
 * originated entries.
 */
export function toServerEntryInput(entry: BasketEntry): ServerEntryInput {
  const personType = entry.productDefinition.attributes[AGE_ATTRIBUTE]?.value;
  return {
    productDefinitionId: entry.productDefinition.id,
    slotId: entry.slot?.id ?? null,
    allocation: personType
      ? { personTypes: [{ personType, quantity: entry.quantity }] }
      : { quantity: entry.quantity },
    attributes: {},
    ...(entry.slot === null && entry.validity
      ? { validity: validityDays(entry.validity, entry.product.pool.timezone) }
      : {}),
  };
}

/** The ids of every entry of a server basket, nested ones included. */
export const serverEntryIds = (entries: readonly ServerEntry[]): string[] =>
  entries.flatMap((entry) => [
    entry.id,
    ...serverEntryIds(entry.children),
    ...serverEntryIds(entry.originatedEntries),
  ]);

/** A server entry's validity as days to send again; null when it holds instants instead. */
function sentDays({ from, to }: ServerValidity): { from: string; to: string } | null {
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
}

/**
 * The input that adds `entry` again with another quantity, or null when its allocation cannot simply
 * be scaled (named persons, or several person types in one entry: the SPA never makes those), or when its
 * validity is not days the server could take again (an entry recorded before validities were days).
 */
export function resizedEntryInput(entry: ServerEntry, quantity: number): ServerEntryInput | null {
  const { allocation } = entry;
  const days = entry.slotId === null && entry.validity ? sentDays(entry.validity) : undefined;
  if (days === null) return null;
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
    ...(days ? { validity: days } : {}),
  };
}
