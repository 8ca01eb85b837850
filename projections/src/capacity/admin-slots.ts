import type { Knex } from 'knex';
import type { AdminSlot, RecordedEvent, SlotEvent } from '@alpenpass/contracts';
import { slotEventTypes } from '@alpenpass/contracts';
import type { Projection, TableNames } from '../runtime/projection';
import { applySlotEventsInRuns } from './claim-batch';
import { applySlotChange, createClaimsTable, isoUtc, usedPerSlot } from './slot-claims';

/** Admin read model: every slot that is not deleted, by slot group (GET …/slot-groups/{id}/slots). */
export const adminSlotsTable = 'capacity_admin_slots';
export const adminSlotClaimsTable = 'capacity_admin_slot_claims';

type Logical = typeof adminSlotsTable | typeof adminSlotClaimsTable;

interface AdminSlotRow {
  slot_id: string | number;
  slot_group_id: number;
  product_id: number;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  visible: boolean;
  cancelled: boolean;
  capacity: number;
  used: string | number | null;
}

export const adminSlotsProjection: Projection<Logical> = {
  name: 'capacity-admin-slots',
  version: 1,
  handledTypes: slotEventTypes,
  tables: [adminSlotsTable, adminSlotClaimsTable],

  async createTables(knex: Knex, tables: TableNames<Logical>): Promise<void> {
    if (!(await knex.schema.hasTable(tables[adminSlotsTable]))) {
      await knex.schema.createTable(tables[adminSlotsTable], (t) => {
        t.bigInteger('slot_id').primary();
        t.integer('slot_group_id').notNullable().index();
        t.integer('product_id').notNullable();
        t.timestamp('starts_at', { useTz: true }).notNullable();
        t.timestamp('ends_at', { useTz: true }).notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.boolean('visible').notNullable();
        t.boolean('cancelled').notNullable().defaultTo(false);
        t.integer('capacity').notNullable();
      });
    }
    await createClaimsTable(knex, tables[adminSlotClaimsTable]);
  },

  async applyBatch(
    trx: Knex.Transaction,
    events: readonly RecordedEvent[],
    tables: TableNames<Logical>,
  ): Promise<void> {
    await applySlotEventsInRuns(trx, tables[adminSlotClaimsTable], events, (event) =>
      adminSlotsProjection.apply(trx, event, tables),
    );
  },

  async apply(trx: Knex.Transaction, recorded: RecordedEvent, tables: TableNames<Logical>): Promise<void> {
    const event = recorded as unknown as SlotEvent;
    switch (event.type) {
      case 'SlotScheduled': {
        const d = event.data;
        const row = {
          slot_id: d.slotId,
          slot_group_id: d.slotGroupId,
          product_id: d.productId,
          starts_at: d.from,
          ends_at: d.to,
          created_at: recorded.metadata.at,
          visible: d.visible,
          capacity: d.capacity,
        };
        await trx(tables[adminSlotsTable]).insert(row).onConflict('slot_id').ignore();
        return;
      }
      default:
        await applySlotChange(trx, tables[adminSlotsTable], tables[adminSlotClaimsTable], event);
    }
  },
};

function toAdminSlot(row: AdminSlotRow): AdminSlot {
  const id = Number(row.slot_id);
  const used = Number(row.used ?? 0);
  return {
    id,
    from: isoUtc(row.starts_at),
    to: isoUtc(row.ends_at),
    capacityId: id,
    createdAt: isoUtc(row.created_at),
    visibility: row.visible ? 'VISIBLE' : 'HIDDEN',
    status: row.cancelled ? 'CANCELLED' : 'ACTIVE',
    capacity: row.capacity,
    availableCapacity: Math.max(0, row.capacity - used),
  };
}

/** The group's slots in start order, at most `limit` of them. */
export async function listSlotGroupSlots(
  knex: Knex,
  slotGroupId: number,
  limit: number,
): Promise<AdminSlot[]> {
  const rows = await knex(adminSlotsTable)
    .leftJoin(usedPerSlot(knex, adminSlotClaimsTable), 'claims.slot_id', `${adminSlotsTable}.slot_id`)
    .select<AdminSlotRow[]>(`${adminSlotsTable}.*`, 'claims.used')
    .where('slot_group_id', slotGroupId)
    .orderBy([{ column: 'starts_at' }, { column: `${adminSlotsTable}.slot_id` }])
    .limit(limit);
  return rows.map(toAdminSlot);
}

/** One slot for the admin, or null when unknown or deleted. */
export async function findAdminSlot(knex: Knex, slotId: number): Promise<AdminSlot | null> {
  const row = await knex(adminSlotsTable)
    .leftJoin(usedPerSlot(knex, adminSlotClaimsTable), 'claims.slot_id', `${adminSlotsTable}.slot_id`)
    .first<AdminSlotRow | undefined>(`${adminSlotsTable}.*`, 'claims.used')
    .where(`${adminSlotsTable}.slot_id`, slotId);
  return row ? toAdminSlot(row) : null;
}
