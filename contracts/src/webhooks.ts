import { z } from 'zod';
import { limitParameter, pageParameter } from './queries/paging';
import { parseableInteger } from './validators/parsers';
import { uuidString } from './validators/text-formats';
import { webhookEventType, webhookEventTypes } from './webhook-payloads';

/** Integrator webhooks managed by staff under /admin/webhooks (docs/webhooks.md). */

export const webhookErrorCodes = {
  subscriptionNotFound: 'WEBHOOK_SUBSCRIPTION_NOT_FOUND',
  subscriptionExists: 'WEBHOOK_SUBSCRIPTION_EXISTS',
  deliveryNotFound: 'WEBHOOK_DELIVERY_NOT_FOUND',
  targetNotAllowed: 'WEBHOOK_TARGET_NOT_ALLOWED',
  targetUnresolvable: 'WEBHOOK_TARGET_UNRESOLVABLE',
} as const;

export const webhookSubscriptionStreamName = (subscriptionId: string) =>
  `webhook-subscription-${subscriptionId}`;

/** Why a subscription stopped: staff switched it off, its deliveries kept failing for the whole retry
 * schedule, or its receiver answered 410 Gone. */
export const webhookDisabledReasons = ['STAFF', 'FAILING', 'GONE'] as const;
export type WebhookDisabledReason = (typeof webhookDisabledReasons)[number];

const targetUrl = z
  .string()
  .trim()
  .min(1, 'Expected an http(s) address')
  .max(2000, 'An address has at most 2000 characters')
  .refine((text) => {
    if (!URL.canParse(text)) return false;
    const url = new URL(text);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      url.hash === ''
    );
  }, 'Expected an http(s) address without user, password or fragment');

const description = z
  .string()
  .trim()
  .max(500, 'A description has at most 500 characters')
  .regex(/^[^\p{Cc}]*$/u, 'A description has no control characters (line breaks, tabs)');

/** null: every type, also those added later */
const eventTypes = z
  .array(webhookEventType)
  .min(1, 'Name at least one event type, or null for all')
  .max(webhookEventTypes.length)
  .transform((types) => [...new Set(types)].sort())
  .nullable();

export const createWebhookSubscriptionBody = z.object({
  url: targetUrl,
  eventTypes: eventTypes.default(null),
  description: description.default(''),
  enabled: z.boolean().default(true),
});
export type CreateWebhookSubscriptionBody = z.infer<typeof createWebhookSubscriptionBody>;

export const updateWebhookSubscriptionBody = z
  .object({ url: targetUrl, eventTypes, description, enabled: z.boolean() })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Name at least one of url, eventTypes, description, enabled',
  );
export type UpdateWebhookSubscriptionBody = z.infer<typeof updateWebhookSubscriptionBody>;

export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 3600;
export const rotateWebhookSecretBody = z.object({
  /** how long the previous secret still signs beside the new one (default one day, 0: at once) */
  overlapSeconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_SECRET_OVERLAP_SECONDS, 'The overlap is at most 7 days')
    .default(24 * 3600),
});

export const webhookSubscriptionParams = z.object({ subscriptionId: uuidString });
export const webhookDeliveryParams = z.object({
  subscriptionId: uuidString,
  deliveryId: parseableInteger.pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

export const webhookSubscriptionDto = z.object({
  id: z.string(),
  url: z.string(),
  eventTypes: z.array(z.string()).nullable().describe('null: every type'),
  description: z.string(),
  enabled: z.boolean(),
  disabledReason: z.enum(webhookDisabledReasons).nullable(),
  /** until when the secret before the last rotation still signs (null: only the current one) */
  previousSecretValidUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookSubscriptionDto = z.infer<typeof webhookSubscriptionDto>;

/** The answer of create and rotate: the only time the secret is shown. */
export const webhookSubscriptionWithSecretDto = webhookSubscriptionDto.extend({
  secret: z.string().describe('whsec_<base64>: keep it, it is not shown again'),
});

export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export const webhookDeliveryStatus = z.enum(webhookDeliveryStatuses);

export const webhookDeliveryListQuery = z.object({
  status: webhookDeliveryStatus.optional(),
  page: pageParameter(0).pipe(z.number().max(100_000, 'Expected a page of at most 100000')),
  limit: limitParameter(50, 500),
});

export const webhookAttemptDto = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});

export const webhookDeliveryDto = z.object({
  id: z.number().int(),
  messageId: z.string().describe('the webhook-id header: the same on every attempt and redelivery'),
  eventType: z.string(),
  eventId: z.string(),
  occurredAt: z.string(),
  createdAt: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

export const webhookDeliveryPageDto = z.object({
  items: z.array(webhookDeliveryDto),
  page: z.number().int(),
  limit: z.number().int(),
});
export const webhookDeliveryDetailDto = webhookDeliveryDto.extend({
  payload: z.unknown(),
  attemptLog: z.array(webhookAttemptDto),
});

const instant = z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time with a zone' });
/** redeliver every delivery of the subscription whose event happened in [from, to) */
export const webhookRedeliveryBody = z
  .object({ from: instant, to: instant })
  .refine((range) => Date.parse(range.from) < Date.parse(range.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export const webhookRedeliveryDto = z.object({ redelivered: z.number().int() });
