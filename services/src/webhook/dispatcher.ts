import type { Knex } from 'knex';
import type { PlatformLogger } from '../platform/event-store/event-store';
import { createWakeablePause } from '../platform/event-store/wakeable-pause';
import {
  claimDueDeliveries,
  deliveredSince,
  expireHeldDeliveries,
  forgetOldDeliveries,
  recordAttempt,
  type ClaimedDelivery,
} from './delivery-queue';
import type { WebhookSender } from './http-delivery';
import { nextAttemptAt, retryAfterMsOf } from './retry-schedule';
import { webhookHeaders } from './signature';
import type { WebhookSettings } from './webhook-settings';

export interface WebhookDispatcher {
  /** new deliveries were queued: look now instead of at the next poll */
  wake(): void;
  stop(): Promise<void>;
}

export interface DispatcherDeps {
  knex: Knex;
  settings: WebhookSettings;
  sender: WebhookSender;
  log: PlatformLogger;
  /** switches a subscription off whose receiver keeps failing or is gone */
  disable(
    subscriptionId: string,
    failure: { reason: 'FAILING' | 'GONE'; deliveryId: number; error: string },
  ): Promise<void>;
  now?: () => Date;
}

const sweepEveryMs = 60_000;

/**
 * The worker role's outbox loop (docs/webhooks.md, "Delivery"): claims due deliveries — the oldest waiting
 * one of each aggregate per subscription, so an aggregate's events arrive in their order — under a lease,
 * sends up to `concurrency` at once, and records each attempt. A failure is retried on the schedule until
 * its run's window ends; then the delivery fails, and its subscription is disabled unless the receiver took
 * other deliveries meanwhile (410 Gone: disabled at once).
 */
export function startWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const now = deps.now ?? (() => new Date());
  const { settings } = deps;
  const pauser = createWakeablePause();
  let stopped = false;
  let inFlight = 0;
  let lastSweep = 0;
  const idleMs = Math.min(1000, settings.retryFirstDelayMs);
  // longer than an attempt can take: a lease runs out only when its process died
  const leaseMs = settings.timeoutMs + 20_000;

  const outcomeOf = async (delivery: ClaimedDelivery) => {
    const headers = webhookHeaders(
      { messageId: delivery.messageId, body: delivery.payload },
      delivery.secrets,
      now(),
    );
    const attempt = await deps.sender.post({ url: delivery.url, headers, body: delivery.payload });
    const at = now();
    const succeeded = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
    const error = succeeded ? null : (attempt.error ?? `HTTP ${attempt.statusCode}`);
    if (succeeded) return { attempt, at, status: 'DELIVERED' as const, error, nextAt: null };
    if (attempt.statusCode === 410)
      return { attempt, at, status: 'FAILED' as const, error, nextAt: null, disable: 'GONE' as const };
    const nextAt = nextAttemptAt(
      { startedAt: delivery.runStartedAt, failedAttempts: delivery.runAttempts + 1 },
      at,
      settings,
      { retryAfterMs: retryAfterMsOf(attempt.retryAfter, at) },
    );
    return nextAt
      ? { attempt, at, status: 'PENDING' as const, error, nextAt }
      : { attempt, at, status: 'FAILED' as const, error, nextAt: null, disable: 'FAILING' as const };
  };

  /** one delivery, then the ones of its aggregate that recording it leased (until one fails or none is due) */
  const deliver = async (first: ClaimedDelivery) => {
    for (let delivery: ClaimedDelivery | null = first; delivery && !stopped;) {
      const outcome = await outcomeOf(delivery);
      const current: ClaimedDelivery = delivery;
      delivery = await recordAttempt(deps.knex, current.id, outcome, { leaseMs, now: now() });
      if ('disable' in outcome && outcome.disable) {
        if (
          outcome.disable === 'FAILING' &&
          (await deliveredSince(deps.knex, current.subscriptionId, current.runStartedAt))
        ) {
          deps.log.warn(
            { subscriptionId: current.subscriptionId, deliveryId: current.id, error: outcome.error },
            'webhook delivery given up; its receiver takes others',
          );
        } else {
          deps.log.warn(
            {
              subscriptionId: current.subscriptionId,
              deliveryId: current.id,
              reason: outcome.disable,
              error: outcome.error,
            },
            'webhook subscription disabled',
          );
          await deps.disable(current.subscriptionId, {
            reason: outcome.disable,
            deliveryId: current.id,
            error: outcome.error ?? '',
          });
        }
      }
    }
  };

  const sweep = async () => {
    if (Date.now() - lastSweep < sweepEveryMs) return;
    lastSweep = Date.now();
    await expireHeldDeliveries(deps.knex, settings.retryWindowMs);
    await forgetOldDeliveries(deps.knex, settings.logRetentionMs);
  };

  const loop = async () => {
    while (!stopped) {
      let claimed: ClaimedDelivery[] = [];
      try {
        await sweep();
        const free = settings.concurrency - inFlight;
        if (free > 0) claimed = await claimDueDeliveries(deps.knex, free, leaseMs, now());
      } catch (error) {
        deps.log.warn({ err: error }, 'webhook dispatcher: will retry');
      }
      for (const delivery of claimed) {
        inFlight += 1;
        void deliver(delivery)
          .catch((error: unknown) =>
            deps.log.error(
              { err: error, deliveryId: delivery.id },
              'webhook delivery not recorded; its lease runs out and it is tried again',
            ),
          )
          .finally(() => {
            inFlight -= 1;
            pauser.ring();
          });
      }
      if (!stopped && (claimed.length === 0 || inFlight >= settings.concurrency)) await pauser.pause(idleMs);
    }
    while (inFlight > 0) await pauser.pause(50);
  };
  const running = loop();

  return {
    wake: () => pauser.ring(),
    async stop() {
      stopped = true;
      pauser.ring();
      await running;
      deps.sender.close();
    },
  };
}
