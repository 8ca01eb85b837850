import type { Knex } from 'knex';

/**
 * Claims promo codes for a campaign, unique across all campaigns (migration 012-discounts). One
 * statement per batch: of `codes`, those nobody holds are claimed, the others are answered as taken.
 */
export interface CodeRegistry {
  /** claims every code or none: answers the codes another campaign holds (nothing is claimed then) */
  claim(campaignId: string, codes: string[]): Promise<{ taken: string[] }>;
  /** gives codes back (an append that failed after the claim) */
  unclaim(campaignId: string, codes: string[]): Promise<void>;
  campaignOf(code: string): Promise<string | null>;
  /** which of `codes` are claimed by anyone */
  existing(codes: string[]): Promise<Set<string>>;
}

export function postgresCodeRegistry(knex: Knex): CodeRegistry {
  return {
    async claim(campaignId, codes) {
      const trx = await knex.transaction();
      try {
        const { rows } = await trx.raw<{ rows: { code: string }[] }>(
          `insert into promo_code_registry (code, campaign_id) select unnest(?::text[]), ? on conflict (code) do nothing returning code`,
          [codes, campaignId],
        );
        if (rows.length === codes.length) {
          await trx.commit();
          return { taken: [] };
        }
        await trx.rollback();
        const claimed = new Set(rows.map((row) => row.code));
        return { taken: codes.filter((code) => !claimed.has(code)) };
      } catch (error) {
        if (!trx.isCompleted()) await trx.rollback();
        throw error;
      }
    },
    async unclaim(campaignId, codes) {
      await knex.raw('delete from promo_code_registry where campaign_id = ? and code = any(?::text[])', [
        campaignId,
        codes,
      ]);
    },
    async campaignOf(code) {
      const row = await knex('promo_code_registry')
        .first<{ campaign_id: string } | undefined>('campaign_id')
        .where('code', code);
      return row?.campaign_id ?? null;
    },
    async existing(codes) {
      if (codes.length === 0) return new Set();
      const { rows } = await knex.raw<{ rows: { code: string }[] }>(
        'select code from promo_code_registry where code = any(?::text[])',
        [codes],
      );
      return new Set(rows.map((row) => row.code));
    },
  };
}
