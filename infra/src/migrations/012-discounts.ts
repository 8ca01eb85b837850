import type { Knex } from 'knex';
import type { Migration } from './migration';

/** Promo codes are unique across campaigns (docs/discounts.md, "Codes"): the registry claims a code
 * for its campaign before the campaign's event is appended. Codes are stored upper-case. */
export const discountsMigration: Migration = {
  name: '012-discounts',
  async up(knex: Knex) {
    await knex.raw(`create table if not exists promo_code_registry (
      code text primary key,
      campaign_id uuid not null,
      claimed_at timestamptz not null default now()
    )`);
    await knex.raw(
      'create index if not exists promo_code_registry_campaign on promo_code_registry (campaign_id)',
    );
  },
  async down(knex: Knex) {
    await knex.raw('drop table if exists promo_code_registry');
  },
};
