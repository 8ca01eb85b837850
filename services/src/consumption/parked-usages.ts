import type { ParkedUsageDto, ParkedUsageReason } from '@alpenpass/contracts';
import type { Knex } from 'knex';

type Row = {
  event_id: string;
  subject: string;
  payload: unknown;
  reason: ParkedUsageReason;
  detail: string;
  parked_at: Date;
  attempts: number;
  resolved_at: Date | null;
  consumption_id: string | null;
};

const dtoOf = (row: Row): ParkedUsageDto => ({
  eventId: row.event_id,
  subject: row.subject,
  reason: row.reason,
  detail: row.detail,
  payload: row.payload,
  parkedAt: new Date(row.parked_at).toISOString(),
  attempts: row.attempts,
  resolvedAt: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
  consumptionId: row.consumption_id,
});

/** Usage messages waiting for staff (table consumption_parked_usages, migration 017). */
export function parkedUsages(knex: Knex) {
  return {
    /** parks a message; parked again (a redelivery, a failed reprocess) it counts one more attempt */
    async park(entry: {
      eventId: string;
      subject: string;
      payload: unknown;
      reason: ParkedUsageReason;
      detail: string;
    }): Promise<void> {
      await knex.raw(
        `insert into consumption_parked_usages (event_id, subject, payload, reason, detail) values (?, ?, ?::jsonb, ?, ?)
         on conflict (event_id) do update set attempts = consumption_parked_usages.attempts + 1, reason = excluded.reason, detail = excluded.detail
         where consumption_parked_usages.resolved_at is null`,
        [entry.eventId, entry.subject, JSON.stringify(entry.payload ?? null), entry.reason, entry.detail],
      );
    },
    async get(eventId: string): Promise<ParkedUsageDto | undefined> {
      const row = await knex<Row>('consumption_parked_usages').where('event_id', eventId).first();
      return row ? dtoOf(row) : undefined;
    },
    async list(query: { page: number; limit: number; resolved: boolean }): Promise<ParkedUsageDto[]> {
      const rows = await knex<Row>('consumption_parked_usages')
        .modify((builder) =>
          query.resolved ? builder.whereNotNull('resolved_at') : builder.whereNull('resolved_at'),
        )
        .orderBy([{ column: 'parked_at', order: 'asc' }, { column: 'event_id' }])
        .offset(query.page * query.limit)
        .limit(query.limit);
      return rows.map(dtoOf);
    },
    async resolve(eventId: string, consumptionId: string): Promise<void> {
      await knex('consumption_parked_usages')
        .where('event_id', eventId)
        .whereNull('resolved_at')
        .update({ resolved_at: knex.fn.now(), consumption_id: consumptionId });
    },
  };
}

export type ParkedUsages = ReturnType<typeof parkedUsages>;
