import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * Accounts (docs/account.md): the account directory, kept in step with the account streams by the
 * command handler (staff lists and the token check read it by primary key), the identities linked
 * to an account from outside providers, and the one exception to the event store's append-only
 * rule: erasing personal data (GDPR) may rewrite the `data` of stored events, nothing else, and only
 * inside a transaction that declares it (`set local alpenpass.redaction = 'on'`).
 */
export const accountsMigration: Migration = {
  name: '016-accounts',
  async up(knex: Knex) {
    await knex.raw(`create table if not exists account_directory (
      account_id text primary key,
      email text,
      language text not null default 'de',
      type text not null default 'CUSTOMER' check (type in ('CUSTOMER', 'GUEST')),
      full_name text,
      company text,
      opened_at timestamptz not null default now(),
      blocked_at timestamptz,
      delete_after timestamptz,
      deleted_at timestamptz
    )`);
    await knex.raw('create index if not exists account_directory_email on account_directory (email)');
    await knex.raw(`create table if not exists account_identities (
      provider text not null,
      user_id text not null,
      account_id text not null,
      linked_at timestamptz not null default now(),
      primary key (provider, user_id)
    )`);
    await knex.raw(
      'create index if not exists account_identities_account on account_identities (account_id)',
    );
    await knex.raw(`
      create or replace function events_are_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and current_setting('alpenpass.redaction', true) = 'on'
           and new.global_position = old.global_position and new.event_id = old.event_id
           and new.stream_name = old.stream_name and new.revision = old.revision and new.type = old.type
           and new.metadata = old.metadata and new.recorded_at = old.recorded_at then
          return new;
        end if;
        raise exception 'events are append-only: % is not allowed', tg_op;
      end $$`);
  },
  async down(knex: Knex) {
    await knex.raw(`
      create or replace function events_are_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'events are append-only: % is not allowed', tg_op;
      end $$`);
    await knex.raw('drop table if exists account_identities');
    await knex.raw('drop table if exists account_directory');
  },
};
