import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * The virtual waiting room (docs/waiting-room.md):
 * - waiting_room_sales: the sales staff schedule, with the admission clock (`admission_credit`, `advanced_at`)
 *   that whichever API process answers a visitor moves forward under the row's lock;
 * - waiting_room_tickets: one place in a sale's queue per visitor (account or keyed client hash), ordered by
 *   (phase, order_key): pre-openers phase 0 with a random key, later arrivals phase 1 in arrival order.
 */
export const waitingRoomMigration: Migration = {
  name: '021-waiting-room',
  async up(knex: Knex) {
    await knex.raw(`
      create table waiting_room_sales (
        id bigint generated always as identity primary key,
        name text not null,
        product_definition_ids integer[] not null,
        opens_at timestamptz not null,
        admissions_per_minute integer not null check (admissions_per_minute > 0),
        places integer check (places > 0),
        status text not null default 'SCHEDULED' check (status in ('SCHEDULED', 'ENDED', 'CANCELLED')),
        ended_at timestamptz,
        admission_credit double precision not null default 0,
        advanced_at timestamptz,
        created_at timestamptz not null default now(),
        created_by text not null,
        updated_at timestamptz not null default now(),
        updated_by text not null
      )`);
    await knex.raw(`create sequence waiting_room_arrivals`);
    await knex.raw(`
      create table waiting_room_tickets (
        id uuid primary key,
        sale_id bigint not null references waiting_room_sales (id),
        visitor text not null,
        phase smallint not null,
        order_key bigint not null,
        joined_at timestamptz not null,
        last_seen_at timestamptz not null,
        admitted_at timestamptz,
        used_at timestamptz,
        left_at timestamptz,
        left_reason text check (left_reason in ('ABANDONED', 'LAPSED')),
        unique (sale_id, visitor)
      )`);
    await knex.raw(
      `create index waiting_room_tickets_queue on waiting_room_tickets (sale_id, phase, order_key) where admitted_at is null and left_at is null`,
    );
    await knex.raw(
      `create index waiting_room_tickets_admitted on waiting_room_tickets (sale_id, admitted_at) where admitted_at is not null`,
    );
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists waiting_room_tickets');
    await knex.raw('drop sequence if exists waiting_room_arrivals');
    await knex.raw('drop table if exists waiting_room_sales');
  },
};
