import type { Knex } from 'knex';

/** How the generated store looks: every slot stream starts with SlotScheduled, then its claims. */
export interface GeneratedStore {
  events: number;
  slots: number;
}

/**
 * Fills the store's own `events` table (same columns, constraints and indexes as appends use) with
 * slot streams, interleaved as a sale day would: event i belongs to slot i mod slots, revision
 * i div slots, at global position i + 1. Revision 0 schedules the slot; later ones hold a place for a
 * basket entry, and every fifth releases the entry held two revisions before, every seventh books it.
 * Generated inside PostgreSQL (INSERT … SELECT over generate_series) in chunks of 100 000 on two
 * connections at once (the positions are given, so the chunks need no order), without waiting for
 * the WAL flush of each chunk (a throw-away database), and with the table's unique constraints and
 * secondary indexes dropped during the fill and built again after it, as they were (one sort per
 * index instead of a random-order insert per row into the event id's index).
 */
export async function generateSlotEvents(
  knex: Knex,
  { events, slots }: GeneratedStore,
  onChunk?: (written: number) => void,
): Promise<void> {
  const chunk = 100_000;
  let next = 0;
  let written = 0;
  const fillChunks = async () => {
    for (let from = next; from < events; from = next) {
      next = from + chunk;
      const to = Math.min(events, from + chunk) - 1;
      await knex.transaction(async (trx) => {
        await trx.raw('set local synchronous_commit = off');
        await trx.raw(insertChunkSql, [slots, slots, from, to]);
      });
      written += to - from + 1;
      onChunk?.(written);
    }
  };
  await withIndexesBuiltAfter(knex, () => Promise.all([fillChunks(), fillChunks()]));
  await knex.raw(
    `select setval(pg_get_serial_sequence('events', 'global_position'), greatest((select max(global_position) from events), 1))`,
  );
  await knex.raw('analyze events');
}

const insertChunkSql = `
  insert into events (global_position, event_id, stream_name, revision, type, data, metadata)
  overriding system value
  select i + 1, gen_random_uuid(), 'slot-' || slot, revision,
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
    from (select i, i % ? + 1 as slot, i / ? as revision from generate_series(?::bigint, ?::bigint) as i) as g`;

/** Drops the events table's unique constraints and secondary indexes (not its primary key), runs the
 * work, then creates them again from their own definitions. */
async function withIndexesBuiltAfter(knex: Knex, work: () => Promise<unknown>): Promise<void> {
  const { rows: constraints } = await knex.raw<{ rows: { name: string; definition: string }[] }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'events'::regclass and contype = 'u'`,
  );
  const { rows: indexes } = await knex.raw<{ rows: { name: string; definition: string }[] }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'events'
        and indexname not in (select conname from pg_constraint where conrelid = 'events'::regclass)`,
  );
  for (const constraint of constraints)
    await knex.raw(`alter table events drop constraint ${constraint.name}`);
  for (const index of indexes) await knex.raw(`drop index ${index.name}`);
  try {
    await work();
  } finally {
    await Promise.all([
      ...constraints.map((constraint) =>
        knex.raw(`alter table events add constraint ${constraint.name} ${constraint.definition}`),
      ),
      ...indexes.map((index) => knex.raw(index.definition)),
    ]);
  }
}
