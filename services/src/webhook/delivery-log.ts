import { webhookErrorCodes, type WebhookDeliveryDto } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { notFound } from '../platform/domain-error';

interface DeliveryRow {
  id: string | number;
  message_id: string;
  event_type: string;
  event_id: string;
  occurred_at: Date;
  created_at: Date;
  status: WebhookDeliveryDto['status'];
  attempts: number;
  next_attempt_at: Date;
  delivered_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
}

const deliveryColumns = [
  'id',
  'message_id',
  'event_type',
  'event_id',
  'occurred_at',
  'created_at',
  'status',
  'attempts',
  'next_attempt_at',
  'delivered_at',
  'last_status_code',
  'last_error',
];

function toDto(row: DeliveryRow): WebhookDeliveryDto {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    eventType: row.event_type,
    eventId: row.event_id,
    occurredAt: row.occurred_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
  };
}

/** The delivery log staff read (docs/webhooks.md, "Delivery log"), newest first, and manual redelivery. */
export function webhookDeliveryLog(knex: Knex) {
  return {
    async page(
      subscriptionId: string,
      query: { status?: WebhookDeliveryDto['status']; page: number; limit: number },
    ) {
      const rows: DeliveryRow[] = await knex('webhook_deliveries')
        .where({ subscription_id: subscriptionId, ...(query.status ? { status: query.status } : {}) })
        .orderBy('id', 'desc')
        .offset(query.page * query.limit)
        .limit(query.limit)
        .select(deliveryColumns);
      return { items: rows.map(toDto), page: query.page, limit: query.limit };
    },

    async detail(subscriptionId: string, deliveryId: number) {
      const row: (DeliveryRow & { payload: string }) | undefined = await knex('webhook_deliveries')
        .where({ subscription_id: subscriptionId, id: deliveryId })
        .first([...deliveryColumns, 'payload']);
      if (!row)
        throw notFound(
          webhookErrorCodes.deliveryNotFound,
          `Delivery ${deliveryId} of webhook subscription ${subscriptionId} does not exist.`,
        );
      const attempts: {
        attempt: number;
        at: Date;
        status_code: number | null;
        duration_ms: number;
        error: string | null;
        response_excerpt: string | null;
      }[] = await knex('webhook_attempts').where({ delivery_id: deliveryId }).orderBy('attempt');
      return {
        ...toDto(row),
        payload: JSON.parse(row.payload) as unknown,
        attemptLog: attempts.map((attempt) => ({
          attempt: attempt.attempt,
          at: attempt.at.toISOString(),
          statusCode: attempt.status_code,
          durationMs: attempt.duration_ms,
          error: attempt.error,
          responseExcerpt: attempt.response_excerpt,
        })),
      };
    },

    /** Sends deliveries again, now, under their own webhook-id: a delivered or failed one starts a fresh
     * retry run; a pending one is only made due. Order per aggregate holds: a redelivered event goes before
     * the later events of its aggregate that are still waiting. */
    async redeliver(
      subscriptionId: string,
      which: { deliveryId: number } | { from: string; to: string },
    ): Promise<number> {
      const selected = knex('webhook_deliveries').where({ subscription_id: subscriptionId });
      if ('deliveryId' in which) selected.andWhere({ id: which.deliveryId });
      else selected.andWhere('occurred_at', '>=', which.from).andWhere('occurred_at', '<', which.to);
      return selected.update({
        run_started_at: knex.raw(`case when status = 'PENDING' then run_started_at else now() end`),
        status: 'PENDING',
        next_attempt_at: knex.fn.now(),
      });
    },
  };
}

export type WebhookDeliveryLog = ReturnType<typeof webhookDeliveryLog>;
