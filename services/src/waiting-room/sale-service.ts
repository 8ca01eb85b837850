import type { Knex } from 'knex';
import {
  MIN_OPENING_LEAD_MS,
  OPENING_TOO_SOON_MESSAGE,
  waitingRoomErrorCodes,
  type ChangeSaleBody,
  type ScheduleSaleBody,
  type WaitingRoomSaleDto,
} from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import { saleDtoOf, saleStatusOf, type SaleRow } from './sale-rows';

export type SaleService = ReturnType<typeof createSaleService>;

/**
 * Staff's sales (docs/waiting-room.md, "Sales"): scheduled, changed before their opening, cancelled before
 * it or ended after it. `changed` tells this process's cache at once; the others see it within their
 * cache time, which is shorter than the least lead an opening has.
 */
export function createSaleService(deps: { knex: Knex; now: () => Date; changed: () => void }) {
  const { knex, now } = deps;

  function assertLead(opensAt: string) {
    if (Date.parse(opensAt) - now().getTime() < MIN_OPENING_LEAD_MS)
      throw invalid(waitingRoomErrorCodes.openingTooSoon, OPENING_TOO_SOON_MESSAGE, 'body.opensAt');
  }

  async function counts(saleIds: string[]) {
    if (saleIds.length === 0) return new Map<string, { admitted: number; waiting: number }>();
    const rows: { sale_id: string; admitted: string; waiting: string }[] = await knex('waiting_room_tickets')
      .whereIn('sale_id', saleIds)
      .groupBy('sale_id')
      .select(
        'sale_id',
        knex.raw('count(*) filter (where admitted_at is not null) as admitted'),
        knex.raw('count(*) filter (where admitted_at is null and left_at is null) as waiting'),
      );
    return new Map(
      rows.map((row) => [
        String(row.sale_id),
        { admitted: Number(row.admitted), waiting: Number(row.waiting) },
      ]),
    );
  }

  async function dtoOf(sale: SaleRow): Promise<WaitingRoomSaleDto> {
    const counted = (await counts([sale.id])).get(String(sale.id)) ?? { admitted: 0, waiting: 0 };
    return saleDtoOf(sale, now(), counted);
  }

  async function load(saleId: number, trx: Knex = knex, forUpdate = false): Promise<SaleRow> {
    const query = trx('waiting_room_sales').where('id', saleId);
    const sale = (await (forUpdate ? query.forUpdate() : query).first()) as SaleRow | undefined;
    if (!sale) throw notFound(waitingRoomErrorCodes.saleNotFound, `Sale ${saleId} does not exist.`);
    return sale;
  }

  return {
    async schedule(body: ScheduleSaleBody, actor: string): Promise<WaitingRoomSaleDto> {
      assertLead(body.opensAt);
      const [sale] = (await knex('waiting_room_sales')
        .insert({
          name: body.name,
          product_definition_ids: [...new Set(body.productDefinitionIds)],
          opens_at: body.opensAt,
          admissions_per_minute: body.admissionsPerMinute,
          places: body.places,
          follow_capacity: body.followCapacity,
          created_by: actor,
          updated_by: actor,
        })
        .returning('*')) as SaleRow[];
      deps.changed();
      return dtoOf(sale!);
    },

    async list(): Promise<WaitingRoomSaleDto[]> {
      const sales = (await knex('waiting_room_sales')
        .orderBy('opens_at', 'desc')
        .orderBy('id', 'desc')) as SaleRow[];
      const counted = await counts(sales.map((sale) => sale.id));
      return sales.map((sale) =>
        saleDtoOf(sale, now(), counted.get(String(sale.id)) ?? { admitted: 0, waiting: 0 }),
      );
    },

    get: async (saleId: number) => dtoOf(await load(saleId)),

    async change(saleId: number, body: ChangeSaleBody, actor: string): Promise<WaitingRoomSaleDto> {
      if (body.opensAt !== undefined) assertLead(body.opensAt);
      const changed = await knex.transaction(async (trx) => {
        const sale = await load(saleId, trx, true);
        const status = saleStatusOf(sale, now());
        if (status !== 'SCHEDULED')
          throw conflict(
            status === 'OPEN' ? waitingRoomErrorCodes.saleAlreadyOpen : waitingRoomErrorCodes.saleClosed,
            status === 'OPEN'
              ? `Sale ${saleId} is open: it cannot change any more.`
              : `Sale ${saleId} is ${status}: it cannot change any more.`,
          );
        const [row] = (await trx('waiting_room_sales')
          .where('id', saleId)
          .update({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.productDefinitionIds !== undefined
              ? { product_definition_ids: [...new Set(body.productDefinitionIds)] }
              : {}),
            ...(body.opensAt !== undefined ? { opens_at: body.opensAt } : {}),
            ...(body.admissionsPerMinute !== undefined
              ? { admissions_per_minute: body.admissionsPerMinute }
              : {}),
            ...(body.places !== undefined ? { places: body.places } : {}),
            ...(body.followCapacity !== undefined ? { follow_capacity: body.followCapacity } : {}),
            updated_at: now(),
            updated_by: actor,
          })
          .returning('*')) as SaleRow[];
        return row!;
      });
      deps.changed();
      return dtoOf(changed);
    },

    /** before its opening a sale is cancelled, after it ended; either way its queue closes */
    async cancel(saleId: number, actor: string): Promise<WaitingRoomSaleDto> {
      const at = now();
      const [row] = (await knex('waiting_room_sales')
        .where({ id: saleId, status: 'SCHEDULED' })
        .update({
          status: knex.raw(`case when opens_at <= ? then 'ENDED' else 'CANCELLED' end`, [at]),
          ended_at: at,
          updated_at: at,
          updated_by: actor,
        })
        .returning('*')) as SaleRow[];
      if (!row) {
        const sale = await load(saleId);
        throw conflict(waitingRoomErrorCodes.saleClosed, `Sale ${saleId} is ${sale.status} already.`);
      }
      deps.changed();
      return dtoOf(row);
    },
  };
}
