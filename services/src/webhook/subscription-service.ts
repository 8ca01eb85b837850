import { randomUUID } from 'node:crypto';
import {
  webhookErrorCodes,
  webhookSubscriptionStreamName,
  type CreateWebhookSubscriptionBody,
  type EventMetadata,
  type UpdateWebhookSubscriptionBody,
  type WebhookDisabledReason,
  type WebhookSubscriptionDto,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { decideSubscription, type WebhookSubscriptionCommand } from './decide';
import { storeSecret } from './secrets';
import { newWebhookSecret } from './signature';
import { checkTarget, type TargetPolicy } from './target-address';
import {
  subscriptionFolder,
  toSubscriptionDto,
  type WebhookSubscriptionEvent,
  type WebhookSubscriptionState,
} from './webhook-subscription';

export interface WebhookSubscriptionServiceDeps {
  store: EventStore;
  knex: Knex;
  targets: TargetPolicy;
  now?: () => Date;
}

type WithSecret = WebhookSubscriptionDto & { secret: string };

/** Staff's commands on subscriptions (docs/webhooks.md, "Subscriptions"), each an event of webhook-subscription-<id>. */
export function createWebhookSubscriptionService(deps: WebhookSubscriptionServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const missing = (subscriptionId: string) =>
    notFound(
      webhookErrorCodes.subscriptionNotFound,
      `Webhook subscription ${subscriptionId} does not exist.`,
    );

  const run = async (
    command: WebhookSubscriptionCommand,
    metadata: Partial<EventMetadata>,
  ): Promise<WebhookSubscriptionState> => {
    const outcome = await handleCommand<WebhookSubscriptionState, WebhookSubscriptionEvent>(
      deps.store,
      webhookSubscriptionStreamName(command.subscriptionId),
      subscriptionFolder,
      (state) => decideSubscription(command, state),
      metadata,
    );
    return outcome.newState;
  };
  const dtoOf = (state: WebhookSubscriptionState, subscriptionId: string): WebhookSubscriptionDto => {
    if (state.status !== 'live') throw missing(subscriptionId);
    return toSubscriptionDto(state, now());
  };
  const load = async (subscriptionId: string) =>
    (await loadStreamState(deps.store, webhookSubscriptionStreamName(subscriptionId), subscriptionFolder))
      .state;
  const newSecret = async (subscriptionId: string) => {
    const secret = { secretId: randomUUID(), subscriptionId, secret: newWebhookSecret() };
    await storeSecret(deps.knex, secret);
    return secret;
  };

  return {
    async create(body: CreateWebhookSubscriptionBody, metadata: Partial<EventMetadata>): Promise<WithSecret> {
      await checkTarget(body.url, deps.targets);
      const subscriptionId = randomUUID();
      await deps.knex('webhook_subscription_ids').insert({ subscription_id: subscriptionId });
      const { secretId, secret } = await newSecret(subscriptionId);
      const target = { url: body.url, eventTypes: body.eventTypes, description: body.description };
      const state = await run(
        { type: 'CreateSubscription', subscriptionId, target, enabled: body.enabled, secretId },
        metadata,
      );
      return { ...dtoOf(state, subscriptionId), secret };
    },

    async update(
      subscriptionId: string,
      body: UpdateWebhookSubscriptionBody,
      metadata: Partial<EventMetadata>,
    ): Promise<WebhookSubscriptionDto> {
      if (body.url !== undefined) await checkTarget(body.url, deps.targets);
      const { enabled, ...target } = body;
      return dtoOf(
        await run({ type: 'ChangeSubscription', subscriptionId, target, enabled }, metadata),
        subscriptionId,
      );
    },

    async rotateSecret(
      subscriptionId: string,
      overlapSeconds: number,
      metadata: Partial<EventMetadata>,
    ): Promise<WithSecret> {
      if ((await load(subscriptionId)).status !== 'live') throw missing(subscriptionId);
      const { secretId, secret } = await newSecret(subscriptionId);
      const state = await run(
        { type: 'RotateSecret', subscriptionId, secretId, now: now(), overlapSeconds },
        metadata,
      );
      return { ...dtoOf(state, subscriptionId), secret };
    },

    async remove(subscriptionId: string, metadata: Partial<EventMetadata>): Promise<void> {
      await run({ type: 'DeleteSubscription', subscriptionId }, metadata);
    },

    /** the dispatcher's verdict on a receiver that keeps failing (FAILING) or answered 410 (GONE) */
    async disableFailing(
      subscriptionId: string,
      failure: { reason: Exclude<WebhookDisabledReason, 'STAFF'>; deliveryId: number; error: string },
    ): Promise<void> {
      await run({ type: 'DisableFailingSubscription', subscriptionId, ...failure }, { actor: 'system' });
    },

    async get(subscriptionId: string): Promise<WebhookSubscriptionDto> {
      return dtoOf(await load(subscriptionId), subscriptionId);
    },

    async list(): Promise<WebhookSubscriptionDto[]> {
      const ids: { subscription_id: string }[] = await deps
        .knex('webhook_subscription_ids')
        .orderBy('created_at')
        .select('subscription_id');
      const states = await Promise.all(ids.map(({ subscription_id }) => load(subscription_id)));
      return states.flatMap((state) => (state.status === 'live' ? [toSubscriptionDto(state, now())] : []));
    },
  };
}

export type WebhookSubscriptionService = ReturnType<typeof createWebhookSubscriptionService>;
