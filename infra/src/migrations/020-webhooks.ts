import type { Knex } from 'knex';
import type { Migration } from './migration';

/**
 * Integrator webhooks (docs/webhooks.md):
 * - webhook_subscription_ids: every subscription ever created (its state is its event stream), for the list;
 * - webhook_secrets: the signing secrets, kept out of the events (the bus carries every event);
 * - webhook_routes: what the outbox feeder knows of each subscription, applied from its events in the
 *   store's global order, so an event is queued exactly for the subscriptions that existed before it;
 * - webhook_deliveries: the outbox, one row per subscription and message, worked by the dispatcher; a run
 *   (its creation or a redelivery) is retried until it succeeds or its retry window ends;
 * - webhook_attempts: the delivery log, one row per HTTP attempt.
 */
export const webhooksMigration: Migration = {
  name: '020-webhooks',
  async up(knex: Knex) {
    await knex.raw(`
      create table webhook_subscription_ids (
        subscription_id uuid primary key,
        created_at timestamptz not null default now()
      )`);
    await knex.raw(`
      create table webhook_secrets (
        secret_id uuid primary key,
        subscription_id uuid not null,
        secret text not null,
        created_at timestamptz not null default now()
      )`);
    await knex.raw(`
      create table webhook_routes (
        subscription_id uuid primary key,
        url text not null,
        event_types text[],
        enabled boolean not null,
        secret_id uuid not null,
        previous_secret_id uuid,
        previous_secret_valid_until timestamptz,
        position bigint not null
      )`);
    await knex.raw(`
      create table webhook_deliveries (
        id bigint generated always as identity primary key,
        subscription_id uuid not null,
        message_id text not null,
        event_id uuid not null,
        event_type text not null,
        aggregate text not null,
        position bigint not null,
        occurred_at timestamptz not null,
        payload text not null,
        status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED')),
        attempts integer not null default 0,
        run_attempts integer not null default 0,
        run_started_at timestamptz not null default now(),
        next_attempt_at timestamptz not null default now(),
        leased_until timestamptz,
        delivered_at timestamptz,
        last_status_code integer,
        last_error text,
        created_at timestamptz not null default now(),
        unique (subscription_id, message_id)
      )`);
    await knex.raw(
      `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'PENDING'`,
    );
    await knex.raw(
      `create index webhook_deliveries_aggregate_order on webhook_deliveries (subscription_id, aggregate, position) where status = 'PENDING'`,
    );
    await knex.raw(`create index webhook_deliveries_log on webhook_deliveries (subscription_id, id)`);
    await knex.raw(
      `create index webhook_deliveries_occurred on webhook_deliveries (subscription_id, occurred_at)`,
    );
    await knex.raw(
      `create index webhook_deliveries_delivered on webhook_deliveries (delivered_at) where delivered_at is not null`,
    );
    await knex.raw(`create index webhook_deliveries_created on webhook_deliveries (created_at)`);
    await knex.raw(`
      create table webhook_attempts (
        delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
        attempt integer not null,
        at timestamptz not null,
        status_code integer,
        duration_ms integer not null,
        error text,
        response_excerpt text,
        primary key (delivery_id, attempt)
      )`);
    await knex.raw(`create index webhook_attempts_at on webhook_attempts (at)`);
  },
  async down(knex: Knex) {
    for (const table of [
      'webhook_attempts',
      'webhook_deliveries',
      'webhook_routes',
      'webhook_secrets',
      'webhook_subscription_ids',
    ]) {
      await knex.raw(`drop table if exists ${table}`);
    }
  },
};
