import {
  createWebhookSubscriptionBody,
  rotateWebhookSecretBody,
  updateWebhookSubscriptionBody,
  webhookDeliveryDetailDto,
  webhookDeliveryListQuery,
  webhookDeliveryPageDto,
  webhookDeliveryParams,
  webhookErrorCodes,
  webhookEventTypes,
  webhookPayloadCatalogue,
  webhookPayloadSchema,
  webhookRedeliveryBody,
  webhookRedeliveryDto,
  webhookSchemaDocument,
  webhookSubscriptionDto,
  webhookSubscriptionParams,
  webhookSubscriptionWithSecretDto,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { notFound } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import { eventMetadataOf } from '../platform/http/request-context';
import type { WebhookDeliveryLog } from './delivery-log';
import type { WebhookSubscriptionService } from './subscription-service';

/** Staff manage integrator webhooks under /api/admin/webhooks (docs/webhooks.md). */
export function webhookAdminRouter(deps: {
  subscriptions: WebhookSubscriptionService;
  log: WebhookDeliveryLog;
}): ApiRouter {
  const { subscriptions, log } = deps;
  return new ApiRouter('Webhooks (admin)', '/admin/webhooks/subscriptions')
    .route(
      {
        method: 'get',
        operationId: 'adminListWebhookSubscriptions',
        path: '',
        summary: 'List the webhook subscriptions',
        access: 'admin',
        response: z.array(webhookSubscriptionDto),
      },
      () => subscriptions.list(),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminCreateWebhookSubscription',
        path: '',
        summary: 'Create a webhook subscription; the answer shows its signing secret, once',
        access: 'admin',
        body: createWebhookSubscriptionBody,
        response: webhookSubscriptionWithSecretDto,
        status: 201,
      },
      ({ body, ctx }) => subscriptions.create(body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetWebhookSubscription',
        path: '/:subscriptionId',
        summary: 'Read a webhook subscription',
        access: 'admin',
        params: webhookSubscriptionParams,
        response: webhookSubscriptionDto,
      },
      ({ params }) => subscriptions.get(params.subscriptionId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'adminUpdateWebhookSubscription',
        path: '/:subscriptionId',
        summary: 'Change a webhook subscription (url, event types, description) or switch it on or off',
        access: 'admin',
        params: webhookSubscriptionParams,
        body: updateWebhookSubscriptionBody,
        response: webhookSubscriptionDto,
      },
      ({ params, body, ctx }) => subscriptions.update(params.subscriptionId, body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'delete',
        operationId: 'adminDeleteWebhookSubscription',
        path: '/:subscriptionId',
        summary: 'Delete a webhook subscription and its waiting deliveries',
        access: 'admin',
        params: webhookSubscriptionParams,
      },
      async ({ params, ctx }) => {
        await subscriptions.remove(params.subscriptionId, eventMetadataOf(ctx));
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'adminRotateWebhookSecret',
        path: '/:subscriptionId/secret/rotate',
        summary: 'Issue a new signing secret; the previous one keeps signing beside it for the overlap',
        access: 'admin',
        params: webhookSubscriptionParams,
        body: rotateWebhookSecretBody,
        response: webhookSubscriptionWithSecretDto,
      },
      ({ params, body, ctx }) =>
        subscriptions.rotateSecret(params.subscriptionId, body.overlapSeconds, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListWebhookDeliveries',
        path: '/:subscriptionId/deliveries',
        summary: 'The delivery log of a subscription, newest first',
        access: 'admin',
        params: webhookSubscriptionParams,
        query: webhookDeliveryListQuery,
        response: webhookDeliveryPageDto,
      },
      async ({ params, query }) => {
        await subscriptions.get(params.subscriptionId);
        return log.page(params.subscriptionId, query);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetWebhookDelivery',
        path: '/:subscriptionId/deliveries/:deliveryId',
        summary: 'One delivery with its payload and every attempt (status code, latency, response excerpt)',
        access: 'admin',
        params: webhookDeliveryParams,
        response: webhookDeliveryDetailDto,
      },
      async ({ params }) => {
        await subscriptions.get(params.subscriptionId);
        return log.detail(params.subscriptionId, params.deliveryId);
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'adminRedeliverWebhookDelivery',
        path: '/:subscriptionId/deliveries/:deliveryId/redeliver',
        summary: 'Send one delivery again now, under the same webhook-id',
        access: 'admin',
        params: webhookDeliveryParams,
        response: webhookRedeliveryDto,
        status: 202,
      },
      async ({ params }) => {
        await subscriptions.get(params.subscriptionId);
        const redelivered = await log.redeliver(params.subscriptionId, { deliveryId: params.deliveryId });
        if (redelivered === 0)
          throw notFound(
            webhookErrorCodes.deliveryNotFound,
            `Delivery ${params.deliveryId} of webhook subscription ${params.subscriptionId} does not exist.`,
          );
        return { redelivered };
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'adminRedeliverWebhookRange',
        path: '/:subscriptionId/redeliveries',
        summary: 'Send again every delivery whose event happened in [from, to)',
        access: 'admin',
        params: webhookSubscriptionParams,
        body: webhookRedeliveryBody,
        response: webhookRedeliveryDto,
        status: 202,
      },
      async ({ params, body }) => {
        await subscriptions.get(params.subscriptionId);
        return { redelivered: await log.redeliver(params.subscriptionId, body) };
      },
    );
}

const webhookSchemasDto = z.object({
  version: z.number().int(),
  signing: z.string(),
  types: z.array(
    z.object({
      type: z.string(),
      version: z.number().int(),
      description: z.string(),
      schema: z.record(z.string(), z.unknown()),
    }),
  ),
});

const signatureHeaders = z.object({
  'webhook-id': z
    .string()
    .meta({ description: 'msg_<event id>: the same on every attempt and redelivery; de-duplicate by it' }),
  'webhook-timestamp': z
    .string()
    .meta({ description: 'the attempt, in Unix seconds: refuse one more than 5 minutes off' }),
  'webhook-signature': z.string().meta({
    description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body">, space-separated during a secret rotation',
  }),
});

/** GET /api/webhooks/schemas: the payload catalogue as JSON Schema, public and without shop headers (integrators'
 * tools fetch it); the same payloads are in /api/openapi.json under `webhooks`. */
export function webhookSchemasRouter(): ApiRouter {
  const document = webhookSchemaDocument();
  const router = new ApiRouter('Webhooks', '/webhooks').route(
    {
      method: 'get',
      operationId: 'listWebhookSchemas',
      path: '/schemas',
      summary: 'The webhook event types and the JSON Schema of each payload',
      access: 'public',
      response: webhookSchemasDto,
    },
    () => document,
  );
  for (const type of webhookEventTypes) {
    router.describeOutgoing({
      name: type,
      summary: webhookPayloadCatalogue[type].description,
      headers: signatureHeaders,
      body: webhookPayloadSchema(type),
    });
  }
  return router;
}
