import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * Person photos (docs/account.md, "Photos"): the bytes of each person's uploaded avatar, by person and
 * content digest. The person's events name the current one (`avatar.sha256`); a row is written before
 * that event and the earlier rows removed after it, so the event never names bytes that are not here.
 * In PostgreSQL rather than files: every API process sees them, backups carry them, and erasing an
 * account deletes them in the same place as the rest.
 */
export const personAvatarsMigration: Migration = {
  name: '019-person-avatars',
  async up(knex: Knex) {
    await knex.raw(`create table if not exists person_avatars (
      person_id integer not null,
      sha256 text not null,
      account_id text not null,
      mimetype text not null,
      size integer not null check (size > 0),
      content bytea not null,
      stored_at timestamptz not null default now(),
      primary key (person_id, sha256)
    )`);
    await knex.raw('create index if not exists person_avatars_account on person_avatars (account_id)');
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists person_avatars');
  },
};
