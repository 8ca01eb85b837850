import type { SaleStatus, WaitingRoomSaleDto } from '@alpenpass/contracts';

export interface SaleRow {
  id: string;
  name: string;
  product_definition_ids: number[];
  opens_at: Date;
  admissions_per_minute: number;
  places: number | null;
  status: 'SCHEDULED' | 'ENDED' | 'CANCELLED';
  ended_at: Date | null;
  admission_credit: number;
  advanced_at: Date | null;
  follow_capacity: boolean;
  current_admissions_per_minute: number | null;
}

/** SCHEDULED in the table is SCHEDULED before the opening and OPEN from then on. */
export const saleStatusOf = (sale: SaleRow, now: Date): SaleStatus =>
  sale.status !== 'SCHEDULED' ? sale.status : sale.opens_at <= now ? 'OPEN' : 'SCHEDULED';

export const saleDtoOf = (
  sale: SaleRow,
  now: Date,
  counts: { admitted: number; waiting: number },
): WaitingRoomSaleDto => ({
  id: Number(sale.id),
  name: sale.name,
  productDefinitionIds: sale.product_definition_ids,
  opensAt: sale.opens_at.toISOString(),
  admissionsPerMinute: sale.admissions_per_minute,
  places: sale.places,
  followCapacity: sale.follow_capacity,
  currentAdmissionsPerMinute:
    sale.current_admissions_per_minute === null ? null : Math.round(sale.current_admissions_per_minute),
  status: saleStatusOf(sale, now),
  endedAt: sale.ended_at?.toISOString() ?? null,
  ...counts,
});
