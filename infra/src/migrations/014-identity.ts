import type { Knex } from 'knex';
import type { Migration } from './migration';

/** The embedded identity provider's own tables (docs/auth.md): its users, the one-time links it mails,
 * and what oidc-provider stores (sessions, interactions, codes, grants, refresh tokens); the sign-in
 * service's signed-out sessions. */
export const identityMigration: Migration = {
  name: '014-identity',
  async up(knex: Knex) {
    await knex.raw(`create table if not exists identity_users (
      id uuid primary key,
      email text not null unique,
      password_hash text not null,
      email_verified_at timestamptz,
      account_id uuid not null unique,
      roles text[] not null default '{customer}',
      given_name text not null default '',
      family_name text not null default '',
      birthdate date,
      locale text not null default 'de',
      blocked_at timestamptz,
      created_at timestamptz not null default now()
    )`);
    await knex.raw(`create table if not exists identity_mail_tokens (
      token_hash text primary key,
      user_id uuid not null references identity_users (id) on delete cascade,
      purpose text not null check (purpose in ('verify-email', 'reset-password', 'magic-link')),
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
    await knex.raw(`create table if not exists identity_oidc_payloads (
      kind text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (kind, id)
    )`);
    // the sign-in service's sessions are JWT cookies: one signed out is refused by its id until it would have expired
    await knex.raw(`create table if not exists signin_revoked_sessions (
      session_id text primary key,
      expires_at timestamptz not null
    )`);
    await knex.raw(
      'create index if not exists identity_oidc_payloads_grant on identity_oidc_payloads (grant_id) where grant_id is not null',
    );
    await knex.raw(
      'create index if not exists identity_oidc_payloads_uid on identity_oidc_payloads (uid) where uid is not null',
    );
    await knex.raw(
      'create index if not exists identity_oidc_payloads_user_code on identity_oidc_payloads (user_code) where user_code is not null',
    );
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists signin_revoked_sessions');
    await knex.raw('drop table if exists identity_oidc_payloads');
    await knex.raw('drop table if exists identity_mail_tokens');
    await knex.raw('drop table if exists identity_users');
  },
};
