import type { Knex } from 'knex';

/** Numeric ids from the sequences of migration 003 (taken before the events that carry them). */
export async function nextSlotGroupId(knex: Knex): Promise<number> {
  const result = await knex.raw<{ rows: { id: string }[] }>(
    `select nextval('capacity_slot_group_id_seq') as id`,
  );
  return Number(result.rows[0]?.id);
}

export async function nextSlotIds(knex: Knex, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const result = await knex.raw<{ rows: { id: string }[] }>(
    `select nextval('capacity_slot_id_seq') as id from generate_series(1, ?)`,
    [count],
  );
  return result.rows.map((row) => Number(row.id));
}
