import type { Knex } from 'knex';
import { Gauge, type Registry } from 'prom-client';

/**
 * The webhook gauges of GET /metrics (docs/operations.md "Metrics"; docs/webhooks.md "Metrics"), read from
 * the outbox once per scrape like the other shop-wide facts; a failing read leaves them out of that scrape.
 */
export function registerWebhookGauges(registry: Registry, knex: Knex): void {
  new Gauge({
    name: 'alpenpass_webhook_deliveries_last_minute',
    help: 'Webhook attempts of the last minute by result (delivered, failed attempt); per second: divide by 60',
    labelNames: ['result'] as const,
    registers: [registry],
    async collect() {
      const row = await knex('webhook_attempts')
        .where('at', '>', knex.raw(`now() - interval '1 minute'`))
        .first(
          knex.raw(
            `count(*) filter (where status_code between 200 and 299) as delivered, count(*) filter (where status_code is null or status_code not between 200 and 299) as failed`,
          ),
        )
        .catch(() => undefined);
      this.reset();
      if (!row) return;
      this.set({ result: 'delivered' }, Number(row.delivered));
      this.set({ result: 'failed' }, Number(row.failed));
    },
  });
  new Gauge({
    name: 'alpenpass_webhook_pending',
    help: 'Webhook deliveries waiting per subscription, and the age of the oldest event waiting (lag, seconds)',
    labelNames: ['subscription', 'measure'] as const,
    registers: [registry],
    async collect() {
      const rows: { subscription_id: string; waiting: string; oldest: string | null }[] = await knex(
        'webhook_deliveries',
      )
        .where('status', 'PENDING')
        .groupBy('subscription_id')
        .select(
          'subscription_id',
          knex.raw('count(*) as waiting'),
          knex.raw('extract(epoch from now() - min(occurred_at)) as oldest'),
        )
        .catch(() => []);
      this.reset();
      for (const row of rows) {
        this.set({ subscription: row.subscription_id, measure: 'count' }, Number(row.waiting));
        this.set({ subscription: row.subscription_id, measure: 'oldest_seconds' }, Number(row.oldest ?? 0));
      }
    },
  });
  new Gauge({
    name: 'alpenpass_webhook_delivery_lag_seconds',
    help: 'Event to successful delivery of the deliveries of the last minute (retried ones included), by quantile',
    labelNames: ['quantile'] as const,
    registers: [registry],
    async collect() {
      const row = await knex('webhook_deliveries')
        .where('delivered_at', '>', knex.raw(`now() - interval '1 minute'`))
        .first(
          knex.raw(`percentile_cont(0.5) within group (order by extract(epoch from delivered_at - occurred_at)) as p50,
                    percentile_cont(0.99) within group (order by extract(epoch from delivered_at - occurred_at)) as p99`),
        )
        .catch(() => undefined);
      this.reset();
      if (row?.p50 == null) return;
      this.set({ quantile: '0.5' }, Number(row.p50));
      this.set({ quantile: '0.99' }, Number(row.p99));
    },
  });
  new Gauge({
    name: 'alpenpass_webhook_subscriptions',
    help: 'Webhook subscriptions by state (enabled, disabled)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows: { enabled: boolean; count: string }[] = await knex('webhook_routes')
        .groupBy('enabled')
        .select('enabled', knex.raw('count(*) as count'))
        .catch(() => []);
      this.reset();
      for (const state of ['enabled', 'disabled'])
        this.set({ state }, Number(rows.find((row) => row.enabled === (state === 'enabled'))?.count ?? 0));
    },
  });
}
