import type { Knex } from 'knex';
import type { CapacityClaim, RecordedEvent, SlotEvent } from '@alpenpass/contracts';

type ClaimEvent = Extract<SlotEvent, { type: 'CapacityHeld' | 'CapacityReleased' | 'CapacityBooked' }>;

/**
 * What a run of claim events leaves of one claim row, in the order they were applied one by one:
 * a held or booked row; no row at all (held, then released); or "no held row" (released first: the
 * row that was there is deleted only when it was a hold, as a single release does).
 */
export type ClaimEffect = { kind: 'HELD' | 'BOOKED'; quantity: number } | 'absent' | 'releaseIfHeld';

export const isClaimEvent = (event: SlotEvent): event is ClaimEvent =>
  event.type === 'CapacityHeld' || event.type === 'CapacityReleased' || event.type === 'CapacityBooked';

const keyOf = (claim: CapacityClaim) => `${claim.basketId}/${claim.entryId}`;

function next(effect: ClaimEffect | undefined, event: ClaimEvent): ClaimEffect | undefined {
  if (event.type === 'CapacityHeld') return { kind: 'HELD', quantity: event.data.quantity };
  if (event.type === 'CapacityBooked') return { kind: 'BOOKED', quantity: event.data.quantity };
  if (effect === undefined) return 'releaseIfHeld';
  if (typeof effect === 'object' && effect.kind === 'HELD') return 'absent';
  return effect; // a booking or an absent row stays; a second release adds nothing
}

/** The last effect per claim (slot id, claim key) of a run of claim events. */
export function claimEffects(
  events: readonly ClaimEvent[],
): Map<string, { slotId: number; claimKey: string; effect: ClaimEffect }> {
  const effects = new Map<string, { slotId: number; claimKey: string; effect: ClaimEffect }>();
  for (const event of events) {
    const claimKey = keyOf(event.data);
    const id = `${event.data.slotId}\u0000${claimKey}`;
    const effect = next(effects.get(id)?.effect, event);
    if (effect) effects.set(id, { slotId: event.data.slotId, claimKey, effect });
  }
  return effects;
}

/** Writes a run of claim events as at most three statements (one effect per claim, so their order does not matter). */
async function writeClaimRun(
  trx: Knex.Transaction,
  table: string,
  events: readonly ClaimEvent[],
): Promise<void> {
  const upserts = {
    slots: [] as number[],
    keys: [] as string[],
    quantities: [] as number[],
    kinds: [] as string[],
  };
  const deletes = {
    absent: { slots: [] as number[], keys: [] as string[] },
    releaseIfHeld: { slots: [] as number[], keys: [] as string[] },
  };
  for (const { slotId, claimKey, effect } of claimEffects(events).values()) {
    if (typeof effect === 'object') {
      upserts.slots.push(slotId);
      upserts.keys.push(claimKey);
      upserts.quantities.push(effect.quantity);
      upserts.kinds.push(effect.kind);
    } else {
      deletes[effect].slots.push(slotId);
      deletes[effect].keys.push(claimKey);
    }
  }
  if (upserts.slots.length > 0) {
    await trx.raw(
      `insert into ?? (slot_id, claim_key, quantity, kind)
       select * from unnest(?::bigint[], ?::text[], ?::integer[], ?::text[])
       on conflict (slot_id, claim_key) do update set quantity = excluded.quantity, kind = excluded.kind`,
      [table, upserts.slots, upserts.keys, upserts.quantities, upserts.kinds],
    );
  }
  for (const [effect, { slots, keys }] of Object.entries(deletes)) {
    if (slots.length === 0) continue;
    await trx.raw(
      `delete from ?? where (slot_id, claim_key) in (select * from unnest(?::bigint[], ?::text[]))${effect === 'releaseIfHeld' ? ` and kind = 'HELD'` : ''}`,
      [table, slots, keys],
    );
  }
}

/**
 * Applies slot events in order with the same rows as applying them one by one: runs of claim events
 * (holds, releases, bookings — most of a slot stream) become a few set-based statements; every other
 * event goes through `applyOne` between the runs.
 */
export async function applySlotEventsInRuns(
  trx: Knex.Transaction,
  claimsTable: string,
  events: readonly RecordedEvent[],
  applyOne: (event: RecordedEvent) => Promise<void>,
): Promise<void> {
  let run: ClaimEvent[] = [];
  for (const recorded of events) {
    const event = recorded as unknown as SlotEvent;
    if (isClaimEvent(event)) {
      run.push(event);
      continue;
    }
    if (run.length > 0) await writeClaimRun(trx, claimsTable, run);
    run = [];
    await applyOne(recorded);
  }
  if (run.length > 0) await writeClaimRun(trx, claimsTable, run);
}
