import { WEBHOOK_PAYLOAD_VERSION, streamCategory, type RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { EventStore, PlatformLogger } from '../platform/event-store/event-store';
import { messageBuilderOf, type WebhookMessage } from './messages';
import type { MessageBuilder } from './messages/webhook-message';
import { applyToRoute, loadRoutes, routeWants, saveRoute, type WebhookRoute } from './subscription-routes';

const checkpointName = 'webhook-outbox';

/** the webhook-id of an event's message: the same on every attempt and redelivery, never a dot in it */
export const messageIdOf = (eventId: string) => `msg_${eventId.replace(/-/g, '')}`;

export interface OutboxFeeder {
  /** resolves once every event the store showed when it was called is in the outbox */
  catchUp(): Promise<void>;
}

interface DeliveryRow {
  subscription_id: string;
  message_id: string;
  event_id: string;
  event_type: string;
  aggregate: string;
  position: number;
  occurred_at: string;
  payload: string;
}

/**
 * Turns the store's events into deliveries (docs/webhooks.md, "From events to deliveries"): it reads the
 * store in global order from its checkpoint (relay_checkpoints `webhook-outbox`), applies the
 * subscriptions' own events to their routes, and queues each message for every subscription that existed
 * before it and wants its type — rows, routes and checkpoint in one transaction, under a lock on the
 * checkpoint so that worker processes take turns. The bus only says when to look: a lost, repeated or
 * reordered bus message never skips or reorders an event.
 */
export function createOutboxFeeder(deps: {
  knex: Knex;
  store: EventStore;
  log: PlatformLogger;
  batchSize?: number;
  onQueued?: () => void;
}): OutboxFeeder {
  const batchSize = deps.batchSize ?? 500;

  const queueBatch = async (trx: Knex.Transaction, events: RecordedEvent[]): Promise<number> => {
    const routes = await loadRoutes(trx);
    const changedRoutes = new Map<string, WebhookRoute | null>();
    const streams = new Map<string, Promise<RecordedEvent[]>>();
    const rows: DeliveryRow[] = [];
    for (const event of events) {
      if (streamCategory(event.streamName) === 'webhook') {
        const subscriptionId = (event.data as { subscriptionId: string }).subscriptionId;
        const route = applyToRoute(routes.get(subscriptionId), event);
        if (route === undefined) continue;
        if (route) routes.set(subscriptionId, route);
        else routes.delete(subscriptionId);
        changedRoutes.set(subscriptionId, route);
        continue;
      }
      const builder = routes.size > 0 ? messageBuilderOf(event) : null;
      if (!builder) continue;
      let history: RecordedEvent[] = [];
      if (builder.needsHistory) {
        if (!streams.has(event.streamName))
          streams.set(event.streamName, deps.store.readStream(event.streamName));
        history = (await streams.get(event.streamName)!).filter(
          (earlier) => earlier.revision < event.revision,
        );
      }
      const built = buildOrSkip(builder, event, history, deps.log);
      if (!built) continue;
      const payload = payloadOf(built, event);
      for (const route of routes.values()) {
        if (routeWants(route, built.type)) rows.push(deliveryOf(route.subscriptionId, built, event, payload));
      }
    }
    for (let start = 0; start < rows.length; start += 1000) {
      await trx('webhook_deliveries')
        .insert(rows.slice(start, start + 1000))
        .onConflict(['subscription_id', 'message_id'])
        .ignore();
    }
    // after the rows: a subscription deleted later in the batch takes the rows queued for it along
    for (const [subscriptionId, route] of changedRoutes) await saveRoute(trx, subscriptionId, route);
    return rows.length;
  };

  /** one transaction: the next batch after the checkpoint; answers whether the store may hold more */
  const pass = async (): Promise<{ more: boolean; queued: number }> =>
    deps.knex.transaction(async (trx) => {
      await trx('relay_checkpoints')
        .insert({ name: checkpointName, position: 0 })
        .onConflict('name')
        .ignore();
      const { position } = await trx('relay_checkpoints')
        .where({ name: checkpointName })
        .forUpdate()
        .first('position');
      const events = await deps.store.readAll(Number(position), batchSize);
      if (events.length === 0) return { more: false, queued: 0 };
      const queued = await queueBatch(trx, events);
      await trx('relay_checkpoints')
        .where({ name: checkpointName })
        .update({ position: events[events.length - 1]!.globalPosition, updated_at: trx.fn.now() });
      return { more: events.length === batchSize, queued };
    });

  const run = async () => {
    for (let more = true; more;) {
      const outcome = await pass();
      more = outcome.more;
      if (outcome.queued > 0) deps.onQueued?.();
    }
  };

  // one pass at a time per process; a call while one runs is answered by the pass after it
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const catchUp = (): Promise<void> => {
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return catchUp();
      });
    return next;
  };
  return { catchUp };
}

/** An event its builder cannot read (a shape from before a field existed, a bug) is logged and skipped: one
 * event must not stop every subscription's webhooks behind it. */
function buildOrSkip(
  builder: MessageBuilder,
  event: RecordedEvent,
  history: RecordedEvent[],
  log: PlatformLogger,
): WebhookMessage | null {
  try {
    return builder.build(event, history);
  } catch (error) {
    log.error(
      { err: error, eventId: event.eventId, type: event.type, position: event.globalPosition },
      'webhook outbox: event skipped, its message could not be built',
    );
    return null;
  }
}

function payloadOf(built: WebhookMessage, event: RecordedEvent): string {
  return JSON.stringify({
    type: built.type,
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: event.metadata.at,
    data: built.data,
  });
}

function deliveryOf(
  subscriptionId: string,
  built: WebhookMessage,
  event: RecordedEvent,
  payload: string,
): DeliveryRow {
  return {
    subscription_id: subscriptionId,
    message_id: messageIdOf(event.eventId),
    event_id: event.eventId,
    event_type: built.type,
    aggregate: event.streamName,
    position: event.globalPosition,
    occurred_at: event.metadata.at,
    payload,
  };
}
