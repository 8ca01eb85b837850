import type { RecordedEvent } from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { WebhookSubscriptionEvent } from './webhook-subscription';

/* Which events go where: each subscription's URL, the event types it asked for, whether it is enabled and
 * the secrets its deliveries are signed with, as its events left them (table webhook_routes). The outbox
 * feeder routes every event of the store through these to the subscriptions that want it. */

/** What the feeder and the dispatcher need of a subscription, as its events left it at `position`. */
export interface WebhookRoute {
  subscriptionId: string;
  url: string;
  eventTypes: string[] | null;
  enabled: boolean;
  secretId: string;
  previousSecretId: string | null;
  previousSecretValidUntil: string | null;
  position: number;
}

interface RouteRow {
  subscription_id: string;
  url: string;
  event_types: string[] | null;
  enabled: boolean;
  secret_id: string;
  previous_secret_id: string | null;
  previous_secret_valid_until: Date | null;
  position: string | number;
}

export async function loadRoutes(trx: Knex | Knex.Transaction): Promise<Map<string, WebhookRoute>> {
  const rows: RouteRow[] = await trx('webhook_routes').select('*');
  return new Map(
    rows.map((row) => [
      row.subscription_id,
      {
        subscriptionId: row.subscription_id,
        url: row.url,
        eventTypes: row.event_types,
        enabled: row.enabled,
        secretId: row.secret_id,
        previousSecretId: row.previous_secret_id,
        previousSecretValidUntil: row.previous_secret_valid_until?.toISOString() ?? null,
        position: Number(row.position),
      },
    ]),
  );
}

/** The route after one of its subscription's events; null once the subscription is deleted. */
export function applyToRoute(
  route: WebhookRoute | undefined,
  recorded: RecordedEvent,
): WebhookRoute | null | undefined {
  const event = recorded as unknown as WebhookSubscriptionEvent;
  const position = recorded.globalPosition;
  if (event.type === 'WebhookSubscriptionCreated') {
    const { subscriptionId, url, eventTypes, enabled, secretId } = event.data;
    return {
      subscriptionId,
      url,
      eventTypes,
      enabled,
      secretId,
      previousSecretId: null,
      previousSecretValidUntil: null,
      position,
    };
  }
  if (!route) return route;
  switch (event.type) {
    case 'WebhookSubscriptionChanged':
      return {
        ...route,
        url: event.data.url ?? route.url,
        eventTypes: event.data.eventTypes !== undefined ? event.data.eventTypes : route.eventTypes,
        position,
      };
    case 'WebhookSubscriptionEnabled':
      return { ...route, enabled: true, position };
    case 'WebhookSubscriptionDisabled':
      return { ...route, enabled: false, position };
    case 'WebhookSecretRotated':
      return {
        ...route,
        secretId: event.data.secretId,
        previousSecretId: event.data.previousSecretId,
        previousSecretValidUntil: event.data.previousSecretValidUntil,
        position,
      };
    case 'WebhookSubscriptionDeleted':
      return null;
    default:
      return route;
  }
}

export async function saveRoute(
  trx: Knex.Transaction,
  subscriptionId: string,
  route: WebhookRoute | null,
): Promise<void> {
  if (route === null) {
    await trx('webhook_routes').where({ subscription_id: subscriptionId }).delete();
    await trx('webhook_deliveries').where({ subscription_id: subscriptionId }).delete();
    return;
  }
  await trx('webhook_routes')
    .insert({
      subscription_id: route.subscriptionId,
      url: route.url,
      event_types: route.eventTypes,
      enabled: route.enabled,
      secret_id: route.secretId,
      previous_secret_id: route.previousSecretId,
      previous_secret_valid_until: route.previousSecretValidUntil,
      position: route.position,
    })
    .onConflict('subscription_id')
    .merge();
}

export const routeWants = (route: WebhookRoute, type: string) =>
  route.eventTypes === null || route.eventTypes.includes(type);
