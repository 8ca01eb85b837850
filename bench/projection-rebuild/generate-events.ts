import type { Knex } from 'knex';

/** How the generated store looks: every slot stream starts with SlotScheduled, then its claims. */
export interface GeneratedStore {
  events: number;
  slots: number;
}

/**
 * Fills the store's own `events` table (same columns, constraints and indexes as appends use) with
 * slot streams, interleaved as a sale day would: event i belongs to slot i mod slots, revision
 * i div slots. Revision 0 schedules the slot; later ones hold a place for a basket entry, and every
 * fifth releases the entry held two revisions before, every seventh books it. Generated inside
 * PostgreSQL (INSERT … SELECT over generate_series) in chunks, one transaction each, so filling a
 * million events takes seconds instead of a million appends.
 */
export async function generateSlotEvents(
  knex: Knex,
  { events, slots }: GeneratedStore,
  onChunk?: (written: number) => void,
): Promise<void> {
  const chunk = 100_000;
  for (let from = 0; from < events; from += chunk) {
    const to = Math.min(events, from + chunk) - 1;
    await knex.raw(
      `
      insert into events (event_id, stream_name, revision, type, data, metadata)
      select gen_random_uuid(), 'slot-' || slot, revision,
             case when revision = 0 then 'SlotScheduled'
                  when revision % 5 = 0 then 'CapacityReleased'
                  when revision % 7 = 0 then 'CapacityBooked'
                  else 'CapacityHeld' end,
             case when revision = 0 then jsonb_build_object(
                    'slotId', slot, 'slotGroupId', 1, 'productId', 1 + slot % 20,
                    'from', to_char(timestamp '2026-12-01 08:00' + (slot || ' hours')::interval, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                    'to', to_char(timestamp '2026-12-01 09:00' + (slot || ' hours')::interval, 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                    'capacity', 100000, 'productDefinitionIds', jsonb_build_array(1 + slot % 20), 'visible', true, 'isAllDay', false)
                  else jsonb_build_object(
                    'slotId', slot, 'basketId', md5(slot || '/' || (revision - case when revision % 5 = 0 or revision % 7 = 0 then 2 else 0 end)),
                    'entryId', 'entry-1', 'quantity', 1 + revision % 3, 'holderId', 'account:' || revision % 1000) end,
             jsonb_build_object('correlationId', 'bench', 'causationId', null, 'actor', 'system', 'at', '2026-11-23T12:00:00Z')
        from (select i, i % ? + 1 as slot, i / ? as revision from generate_series(?::bigint, ?::bigint) as i) as g
       order by i`,
      [slots, slots, from, to],
    );
    onChunk?.(to + 1);
  }
  await knex.raw('analyze events');
}
