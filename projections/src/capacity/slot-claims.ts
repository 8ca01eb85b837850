import type { Knex } from 'knex';
import type { CapacityClaim, SlotEvent } from '@alpenpass/contracts';

/** Holds and bookings per basket entry, kept beside a slot read model: a CapacityHeld replaces the
 * entry's hold, a release removes it, a booking turns it into a booking. Every write is a set, so
 * applying an event twice leaves the same rows. */
export async function createClaimsTable(knex: Knex, table: string): Promise<void> {
  if (await knex.schema.hasTable(table)) return;
  await knex.schema.createTable(table, (t) => {
    t.bigInteger('slot_id').notNullable();
    t.text('claim_key').notNullable();
    t.integer('quantity').notNullable();
    t.text('kind').notNullable();
    t.primary(['slot_id', 'claim_key']);
  });
}

const keyOf = (claim: CapacityClaim) => `${claim.basketId}/${claim.entryId}`;

async function applyClaim(
  trx: Knex | Knex.Transaction,
  table: string,
  type: string,
  claim: CapacityClaim,
): Promise<void> {
  const row = { slot_id: claim.slotId, claim_key: keyOf(claim), quantity: claim.quantity };
  if (type === 'CapacityHeld') {
    await trx(table)
      .insert({ ...row, kind: 'HELD' })
      .onConflict(['slot_id', 'claim_key'])
      .merge(['quantity', 'kind']);
  } else if (type === 'CapacityBooked') {
    await trx(table)
      .insert({ ...row, kind: 'BOOKED' })
      .onConflict(['slot_id', 'claim_key'])
      .merge(['quantity', 'kind']);
  } else if (type === 'CapacityReleased') {
    await trx(table).where({ slot_id: claim.slotId, claim_key: row.claim_key, kind: 'HELD' }).delete();
  } else if (type === 'CapacityBookingCancelled') {
    await trx(table).where({ slot_id: claim.slotId, claim_key: row.claim_key, kind: 'BOOKED' }).delete();
  }
}

/** Every slot event but SlotScheduled changes both slot read models alike: the slot's row in
 * `slotsTable`, its holds and bookings in `claimsTable`. */
export async function applySlotChange(
  trx: Knex.Transaction,
  slotsTable: string,
  claimsTable: string,
  event: Exclude<SlotEvent, { type: 'SlotScheduled' }>,
): Promise<void> {
  const slot = () => trx(slotsTable).where('slot_id', event.data.slotId);
  switch (event.type) {
    case 'SlotCancelled':
      await slot().update({ cancelled: true });
      return;
    case 'SlotHidden':
    case 'SlotShown':
      await slot().update({ visible: event.type === 'SlotShown' });
      return;
    case 'SlotCapacityChanged':
      await slot().update({ capacity: event.data.capacity });
      return;
    case 'SlotDeleted':
      await slot().delete();
      await trx(claimsTable).where('slot_id', event.data.slotId).delete();
      return;
    default:
      await applyClaim(trx, claimsTable, event.type, event.data);
  }
}

/** A subquery: places used per slot (holds plus bookings). */
export function usedPerSlot(knex: Knex, table: string) {
  return knex(table).select('slot_id').sum({ used: 'quantity' }).groupBy('slot_id').as('claims');
}

/** ISO 8601 UTC text without milliseconds, as the events carry it. */
export function isoUtc(value: Date | string): string {
  return new Date(value).toISOString().replace('.000Z', 'Z');
}
