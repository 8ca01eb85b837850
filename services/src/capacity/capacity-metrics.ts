import type { Knex } from 'knex';
import { Gauge, type Registry } from 'prom-client';

const heldClaimsView = 'capacity_admin_slot_claims';

/** The capacity's shop-wide gauge of GET /metrics (docs/operations.md, "Metrics"): places held (not
 * booked) per slot, read from the capacity read model once per scrape; a failing read leaves it out. */
export function registerCapacityGauges(registry: Registry, knex: Knex): void {
  new Gauge({
    name: 'alpenpass_slot_held_places',
    help: 'Places held (not booked) per slot with any hold, from the capacity read model',
    labelNames: ['slot'] as const,
    registers: [registry],
    async collect() {
      const rows: { slot_id: string | number; held: string | number }[] = await knex(heldClaimsView)
        .where('kind', 'HELD')
        .groupBy('slot_id')
        .select('slot_id', knex.raw('sum(quantity) as held'))
        .catch(() => []);
      this.reset();
      for (const row of rows) this.set({ slot: String(row.slot_id) }, Number(row.held));
    },
  });
}
