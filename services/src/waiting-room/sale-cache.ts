import type { Knex } from 'knex';

export interface GuardedSale {
  id: number;
  productDefinitionIds: Set<number>;
  opensAtMs: number;
}

/**
 * The scheduled sales as one API process knows them: one small query at most every `ttlMs`, so a shop without
 * a sale pays nothing per request. Another process's change reaches this one within `ttlMs`; a sale opens at
 * least MIN_OPENING_LEAD_MS after it was scheduled or changed, longer than `ttlMs`, so every process guards
 * a sale from its opening. An end reaches every process within `ttlMs` (until then its products still ask
 * for an admission). This process's own changes `invalidate` at once.
 */
export function createSaleCache(knex: Knex, ttlMs: number, clock: () => number = Date.now) {
  let loaded: { atMs: number; sales: Promise<GuardedSale[]> } | undefined;
  const load = async (): Promise<GuardedSale[]> => {
    const rows: { id: string; product_definition_ids: number[]; opens_at: Date }[] = await knex(
      'waiting_room_sales',
    )
      .where('status', 'SCHEDULED')
      .select('id', 'product_definition_ids', 'opens_at');
    return rows.map((row) => ({
      id: Number(row.id),
      productDefinitionIds: new Set(row.product_definition_ids),
      opensAtMs: row.opens_at.getTime(),
    }));
  };
  return {
    sales(): Promise<GuardedSale[]> {
      const atMs = clock();
      if (!loaded || atMs - loaded.atMs >= ttlMs) {
        const sales = load();
        loaded = { atMs, sales };
        // a failed load is not kept: the next request asks again
        sales.catch(() => {
          if (loaded?.sales === sales) loaded = undefined;
        });
      }
      return loaded.sales;
    },
    invalidate(): void {
      loaded = undefined;
    },
  };
}

export type SaleCache = ReturnType<typeof createSaleCache>;
