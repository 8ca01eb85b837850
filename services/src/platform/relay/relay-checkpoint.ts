import type { Knex } from 'knex';

/** The relay's checkpoint (table relay_checkpoints, infra migration 002): the last global position
 * whose event the bus acknowledged. */
export async function readRelayCheckpoint(knex: Knex, name: string): Promise<number> {
  await knex('relay_checkpoints').insert({ name, position: 0 }).onConflict('name').ignore();
  const row = await knex('relay_checkpoints').where({ name }).first();
  return Number(row.position);
}

export async function saveRelayCheckpoint(knex: Knex, name: string, position: number): Promise<void> {
  // never move backwards, even if two relays ran at once
  await knex('relay_checkpoints')
    .where({ name })
    .andWhere('position', '<', position)
    .update({ position, updated_at: knex.fn.now() });
}
