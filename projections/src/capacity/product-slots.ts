import type { Knex } from 'knex';
import type { ClientSlot, RecordedEvent, SlotEvent } from '@alpenpass/contracts';
import { slotEventTypes } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';
import { applySlotEventsInRuns } from './claim-batch';
import { applySlotChange, createClaimsTable, isoUtc, usedPerSlot } from './slot-claims';

/** Client read model: the slots a product offers with their free places (GET /capacities/slots/…).
 * Hidden and cancelled slots stay in the table but are not offered; deleted slots are removed. */
export const productSlotsTable = 'capacity_product_slots';
export const productSlotClaimsTable = 'capacity_product_slot_claims';

type Logical = typeof productSlotsTable | typeof productSlotClaimsTable;

interface ProductSlotRow {
  slot_id: string | number;
  starts_at: Date;
  ends_at: Date;
  product_definition_ids: number[];
  capacity: number;
  used: string | number | null;
}

export const productSlotsProjection: Projection<Logical> = {
  name: 'capacity-product-slots',
  version: 1,
  handledTypes: slotEventTypes,
  tables: [productSlotsTable, productSlotClaimsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (!(await knex.schema.hasTable(tables[productSlotsTable]))) {
      await knex.schema.createTable(tables[productSlotsTable], (t) => {
        t.bigInteger('slot_id').primary();
        t.integer('product_id').notNullable();
        t.timestamp('starts_at', { useTz: true }).notNullable();
        t.timestamp('ends_at', { useTz: true }).notNullable();
        t.specificType('product_definition_ids', 'integer[]').notNullable();
        t.integer('capacity').notNullable();
        t.boolean('visible').notNullable();
        t.boolean('cancelled').notNullable().defaultTo(false);
        t.index(['product_id', 'starts_at']);
      });
    }
    await createClaimsTable(knex, tables[productSlotClaimsTable]);
  },

  async applyBatch(
    trx: Knex.Transaction,
    events: readonly RecordedEvent[],
    tables: TableNames<Logical>,
  ): Promise<void> {
    await applySlotEventsInRuns(trx, tables[productSlotClaimsTable], events, (event) =>
      productSlotsProjection.apply(trx, event, tables),
    );
  },

  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const event = recorded as unknown as SlotEvent;
    switch (event.type) {
      case 'SlotScheduled': {
        const d = event.data;
        await trx(tables[productSlotsTable])
          .insert({
            slot_id: d.slotId,
            product_id: d.productId,
            starts_at: d.from,
            ends_at: d.to,
            product_definition_ids: d.productDefinitionIds,
            capacity: d.capacity,
            visible: d.visible,
          })
          .onConflict('slot_id')
          .ignore();
        return;
      }
      default:
        await applySlotChange(trx, tables[productSlotsTable], tables[productSlotClaimsTable], event);
    }
  },
};

/** Which offered slots to return, as UTC instants: start in [startsFrom, startsBefore), end after endsAfter. */
export interface ProductSlotWindow {
  productId: number;
  startsFrom: Date;
  startsBefore: Date | null;
  endsAfter: Date | null;
}

function offered(knex: Knex, window: ProductSlotWindow) {
  const query = knex(productSlotsTable)
    .leftJoin(usedPerSlot(knex, productSlotClaimsTable), 'claims.slot_id', `${productSlotsTable}.slot_id`)
    .select<ProductSlotRow[]>(`${productSlotsTable}.*`, 'claims.used')
    .where({ product_id: window.productId, visible: true, cancelled: false })
    .andWhere('starts_at', '>=', window.startsFrom);
  if (window.startsBefore) query.andWhere('starts_at', '<', window.startsBefore);
  if (window.endsAfter) query.andWhere('ends_at', '>', window.endsAfter);
  return query.orderBy([{ column: 'starts_at' }, { column: `${productSlotsTable}.slot_id` }]);
}

function toClientSlot(row: ProductSlotRow): ClientSlot {
  return {
    id: Number(row.slot_id),
    from: isoUtc(row.starts_at),
    to: isoUtc(row.ends_at),
    productDefinitionIds: row.product_definition_ids,
    availableCapacity: Math.max(0, row.capacity - Number(row.used ?? 0)),
  };
}

/** Offered slots of a product in start order (sold-out slots included, with 0 available). */
export async function findProductSlots(
  knex: Knex,
  window: ProductSlotWindow,
  limit = 10000,
): Promise<ClientSlot[]> {
  return (await offered(knex, window).limit(limit)).map(toClientSlot);
}

/** The first offered slot with at least one free place, or null. */
export async function findNextProductSlot(knex: Knex, window: ProductSlotWindow): Promise<ClientSlot | null> {
  const row = await offered(knex, window)
    .andWhereRaw(`${productSlotsTable}.capacity - coalesce(claims.used, 0) > 0`)
    .first();
  return row ? toClientSlot(row as ProductSlotRow) : null;
}
