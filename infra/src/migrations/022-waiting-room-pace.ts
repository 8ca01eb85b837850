import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * The waiting room's pace follows the shop's measured capacity (docs/waiting-room.md, "Pace"):
 * - waiting_room_sales.follow_capacity: admit at most the staff-set rate, slower while the shop answers slowly;
 *   current_admissions_per_minute: the pace last computed (estimates and staff's view);
 * - waiting_room_process_load: each API process's recent p99 and requests in flight, reported every few
 *   seconds while a sale is open; a report older than the window no longer counts.
 */
export const waitingRoomPaceMigration: Migration = {
  name: '022-waiting-room-pace',
  async up(knex: Knex) {
    await knex.raw(`
      alter table waiting_room_sales
        add column follow_capacity boolean not null default true,
        add column current_admissions_per_minute double precision`);
    await knex.raw(`
      create table waiting_room_process_load (
        process_id text primary key,
        p99_ms integer,
        requests integer not null,
        in_flight integer not null,
        reported_at timestamptz not null
      )`);
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists waiting_room_process_load');
    await knex.raw(
      'alter table waiting_room_sales drop column if exists follow_capacity, drop column if exists current_admissions_per_minute',
    );
  },
};
