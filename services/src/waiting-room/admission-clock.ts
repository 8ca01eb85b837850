import type { Knex } from 'knex';
import { freshLoads, paceOf } from './pace';
import type { SaleRow } from './sale-rows';
import type { WaitingRoomSettings } from './settings';

export interface AdmissionClockDeps {
  knex: Knex;
  settings: WaitingRoomSettings;
  /** told the wait of every visitor this process admits (from joining, or the opening, to admission) */
  admitted?: (waitSeconds: number) => void;
}

/** Admissions are computed at most this often per sale, whichever process asks. */
export const advanceEveryMs = 250;

/**
 * The sale's admission clock (docs/waiting-room.md, "The queue"), moved from the time passed since it last
 * moved, under the sale row's lock (`skip locked`: one process moves it, the others go on): it
 * lapses unused admissions, lets go of visitors who stopped asking, and admits as many as the rate allows.
 */
export async function advanceAdmissions(deps: AdmissionClockDeps, saleId: number, at: Date): Promise<void> {
  const { knex, settings } = deps;
  const waits = await knex.transaction(async (trx) => {
    const sale = (await trx('waiting_room_sales')
      .where({ id: saleId, status: 'SCHEDULED' })
      .where('opens_at', '<=', at)
      .where((query) =>
        query.whereNull('advanced_at').orWhere('advanced_at', '<=', new Date(at.getTime() - advanceEveryMs)),
      )
      .forUpdate()
      .skipLocked()
      .first()) as SaleRow | undefined;
    if (!sale) return [];
    await trx('waiting_room_tickets')
      .where('sale_id', saleId)
      .whereNotNull('admitted_at')
      .whereNull('used_at')
      .whereNull('left_at')
      .where('admitted_at', '<=', new Date(at.getTime() - settings.admissionGraceMs))
      .update({ left_at: at, left_reason: 'LAPSED' });
    await trx('waiting_room_tickets')
      .where('sale_id', saleId)
      .whereNull('admitted_at')
      .whereNull('left_at')
      .where('last_seen_at', '<=', new Date(at.getTime() - settings.abandonAfterMs))
      .update({ left_at: at, left_reason: 'ABANDONED' });

    const rate = sale.follow_capacity
      ? paceOf(sale.admissions_per_minute, await freshLoads(trx, at, settings.pace), settings.pace)
      : sale.admissions_per_minute;
    // at most ten seconds' worth is saved up while nobody waits, so a burst after a quiet spell stays small
    const mostCredit = Math.max(1, rate / 6);
    const since = (sale.advanced_at ?? sale.opens_at).getTime();
    const credit = Math.min(sale.admission_credit + (rate * (at.getTime() - since)) / 60_000, mostCredit);
    let admitting = Math.floor(credit);
    if (sale.places !== null && admitting > 0) {
      const row = await trx('waiting_room_tickets')
        .where('sale_id', saleId)
        .whereNotNull('admitted_at')
        .where((query) => query.whereNull('left_reason').orWhere('left_reason', '<>', 'LAPSED'))
        .first(knex.raw('count(*) as active'));
      admitting = Math.min(admitting, Math.max(0, sale.places - Number(row?.active ?? 0)));
    }
    const admitted: { joined_at: Date }[] =
      admitting > 0
        ? await trx('waiting_room_tickets')
            .whereIn(
              'id',
              trx('waiting_room_tickets')
                .select('id')
                .where('sale_id', saleId)
                .whereNull('admitted_at')
                .whereNull('left_at')
                .orderBy([{ column: 'phase' }, { column: 'order_key' }])
                .limit(admitting),
            )
            .update({ admitted_at: at })
            .returning('joined_at')
        : [];
    await trx('waiting_room_sales')
      .where('id', saleId)
      .update({
        admission_credit: credit - admitted.length,
        advanced_at: at,
        current_admissions_per_minute: rate,
      });
    const openedAt = sale.opens_at.getTime();
    return admitted.map((row) => (at.getTime() - Math.max(row.joined_at.getTime(), openedAt)) / 1000);
  });
  for (const wait of waits) deps.admitted?.(wait);
}
