import { z } from 'zod';

/**
 * The payloads of integrator webhooks (docs/webhooks.md): one type per business fact, each with a
 * versioned JSON body `{type, version, timestamp, data}` (Standard Webhooks' payload structure). Ids and the
 * facts of the event only: no names, addresses, e-mails, comments or ticket codes.
 */

const money = z.object({
  amount: z.number().int().describe('minor units (Rappen)'),
  currency: z.literal('CHF'),
});
const instant = z.string().describe('ISO 8601 instant (UTC)');
const day = z.string().describe('yyyy-MM-dd');
const validity = z
  .object({ from: z.string(), to: z.string() })
  .nullable()
  .describe('yyyy-MM-dd days, or instants for a slot; null: none');

const orderFacts = {
  orderId: z.number().int(),
  refno: z.string().describe('the order reference shown to the customer'),
  orderType: z.enum(['SUBSCRIPTION', 'CONSUMPTION', 'ONE_TIME', 'ADMIN']),
  accountId: z.string().nullable().describe("the customer's account; null: a guest's order"),
};

const orderItem = z.object({
  itemId: z.string(),
  parentItemId: z.string().nullable(),
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  slotId: z.number().int().nullable(),
  validity,
  quantity: z.number().int(),
  unitPrice: money,
  price: money,
  personId: z.number().int().nullable(),
  keycardId: z.number().int().nullable(),
});

const keycardFacts = {
  keycardId: z.number().int(),
  accountId: z.string(),
  personId: z.number().int(),
  system: z
    .string()
    .describe('SKIDATA, AXESS, SWISSPASS, SWISSTRAVELPASS, FERATEL, EUINTERRAIL or LICENSEPLATE'),
  dataCarrierId: z.string().describe('the one number that names the card at the gate, as printed'),
};

const subscriptionFacts = {
  subscriptionId: z.string(),
  accountId: z.string().nullable(),
  orderId: z.number().int(),
  productId: z.number().int(),
  productDefinitionId: z.number().int(),
  personId: z.number().int().nullable(),
  keycardId: z.number().int().nullable(),
  validFrom: instant,
  expiresAt: instant,
};

/** Every webhook type with its description and the schema of its `data` (version 1). */
export const webhookPayloadCatalogue = {
  'order.placed': {
    description:
      'An order was placed from a basket or from loose items, with the prices frozen at that moment.',
    data: z.object({ ...orderFacts, total: money, items: z.array(orderItem) }),
  },
  'order.paid': {
    description: 'An order was paid in full (card, on site confirmed by staff, vouchers or online credit).',
    data: z.object({
      ...orderFacts,
      method: z.enum(['ON_SITE', 'CARD', 'VOUCHER', 'ONLINE_CREDIT']),
      total: money,
    }),
  },
  'order.cancelled': {
    description:
      'An order was cancelled as a whole: unpaid at the payment timeout, abandoned, or all its items cancelled after the sale.',
    data: z.object({
      ...orderFacts,
      reason: z.enum(['PAYMENT_TIMEOUT', 'ABANDONED', 'AFTER_SALE']),
      cancellationId: z.number().int().nullable(),
      itemIds: z
        .array(z.string())
        .describe('the items cancelled by this cancellation; empty for an unpaid order'),
    }),
  },
  'order.partially_cancelled': {
    description: 'Some items of a paid order were cancelled after the sale.',
    data: z.object({
      ...orderFacts,
      cancellationId: z.number().int(),
      itemIds: z.array(z.string()),
      status: z.string().describe('the order status it left'),
    }),
  },
  'order.refunded': {
    description:
      'A refund took the order to REFUNDED: everything paid goes back. The money moves afterwards (order.refund_completed).',
    data: z.object({
      ...orderFacts,
      refundId: z.number().int(),
      amount: money,
      lines: z.array(z.object({ itemId: z.string(), amount: z.number().int() })),
      destinations: z.array(z.string()),
    }),
  },
  'order.partially_refunded': {
    description: 'A refund of part of what was paid (status PARTIALLY_REFUNDED).',
    data: z.object({
      ...orderFacts,
      refundId: z.number().int(),
      amount: money,
      lines: z.array(z.object({ itemId: z.string(), amount: z.number().int() })),
      destinations: z.array(z.string()),
    }),
  },
  'order.refund_completed': {
    description:
      'The money of a refund went back (card credit, online credit, voucher, or paid out at the desk).',
    data: z.object({ ...orderFacts, refundId: z.number().int() }),
  },
  'payment.failed': {
    description:
      'A payment of an order failed: declined, cancelled by the customer or failed at the provider. The order stays payable.',
    data: z.object({ ...orderFacts, reason: z.enum(['DECLINED', 'CANCELED', 'ERROR']) }),
  },
  'ticket.issued': {
    description:
      'The tickets of a paid order were issued (one per person and day of access). Codes are not sent: gates verify them offline.',
    data: z.object({
      orderId: z.number().int(),
      tickets: z.array(
        z.object({
          ticketId: z.string(),
          orderItemId: z.string(),
          productId: z.number().int(),
          productDefinitionId: z.number().int(),
          personId: z.number().int().nullable(),
          keycardId: z.number().int().nullable(),
          slotId: z.number().int().nullable(),
          validity,
          day: day.nullable(),
        }),
      ),
    }),
  },
  'keycard.registered': {
    description: 'A keycard was registered for a person of an account (by the customer or a staff import).',
    data: z.object({ ...keycardFacts, source: z.enum(['CUSTOMER', 'IMPORT']) }),
  },
  'keycard.removed': {
    description: 'A keycard was removed from its person (by the customer or by staff).',
    data: z.object({ ...keycardFacts, removedBy: z.enum(['CUSTOMER', 'STAFF']) }),
  },
  'keycard.expired': {
    description: 'A keycard with a validity (a pass) expired.',
    data: z.object({ ...keycardFacts, on: day }),
  },
  'subscription.created': {
    description: 'A season subscription was created from a paid order.',
    data: z.object(subscriptionFacts),
  },
  'subscription.activated': {
    description: "A subscription's period began (status ACTIVE).",
    data: z.object(subscriptionFacts),
  },
  'subscription.expired': {
    description: "A subscription's period ended (status EXPIRED).",
    data: z.object(subscriptionFacts),
  },
  'subscription.cancelled': {
    description: "A subscription's renewal was switched off; it stays valid until expiresAt.",
    data: z.object({ ...subscriptionFacts, by: z.enum(['customer', 'staff']) }),
  },
  'subscription.reactivated': {
    description: "A subscription's renewal was switched on again.",
    data: z.object({ ...subscriptionFacts, by: z.enum(['customer', 'staff']) }),
  },
  'subscription.renewed': {
    description:
      "At expiry the next season's SUBSCRIPTION order was placed for the default saved card; once paid, its order.paid and the next subscription.created follow.",
    data: z.object({ ...subscriptionFacts, renewalOrderId: z.number().int() }),
  },
  'subscription.renewal_failed': {
    description:
      'At expiry no renewal order could be placed (no next season on sale, a sale rule refused it).',
    data: z.object({ ...subscriptionFacts, reason: z.string() }),
  },
  'consumption.recorded': {
    description: 'A usage of a keycard reported by the access system was recorded (pay per use).',
    data: z.object({
      consumptionId: z.string(),
      keycardId: z.number().int(),
      day,
      usageEventId: z.string().describe("the access system's own event id"),
      kind: z.string(),
      quantity: z.number().int(),
      gateId: z.string(),
      occurredAt: z.string(),
    }),
  },
  'prices.published': {
    description: 'A price generation finished: its prices are live in the feeds and tables.',
    data: z.object({
      generationId: z.string(),
      from: day,
      to: day,
      productDefinitionIds: z.array(z.number().int()),
      prices: z.number().int(),
    }),
  },
  'account.deleted': {
    description: 'A customer account was erased. Ids only: drop what you keep about it.',
    data: z.object({ accountId: z.string() }),
  },
} as const;

export type WebhookEventType = keyof typeof webhookPayloadCatalogue;
export const webhookEventTypes = Object.keys(webhookPayloadCatalogue) as WebhookEventType[];
export const webhookEventType = z.enum(webhookEventTypes as [WebhookEventType, ...WebhookEventType[]]);
export type WebhookData<T extends WebhookEventType> = z.infer<(typeof webhookPayloadCatalogue)[T]['data']>;

/** The version every payload carries; a change that could break a receiver raises it (docs/webhooks.md, "Versions"). */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** The whole JSON body of one type: what a receiver parses after verifying the signature. */
export function webhookPayloadSchema<T extends WebhookEventType>(type: T) {
  return z.object({
    type: z.literal(type),
    version: z.literal(WEBHOOK_PAYLOAD_VERSION),
    timestamp: instant.describe('when the event happened (not when it was sent)'),
    data: webhookPayloadCatalogue[type].data,
  });
}

export interface WebhookPayload<T extends WebhookEventType = WebhookEventType> {
  type: T;
  version: typeof WEBHOOK_PAYLOAD_VERSION;
  timestamp: string;
  data: WebhookData<T>;
}

/** GET /api/webhooks/schemas: every type's description and JSON Schema (draft 2020-12). */
export function webhookSchemaDocument() {
  return {
    version: WEBHOOK_PAYLOAD_VERSION,
    signing:
      'Standard Webhooks v1: webhook-id, webhook-timestamp, webhook-signature (HMAC-SHA256 of "id.timestamp.body" with the whsec_ secret)',
    types: webhookEventTypes.map((type) => ({
      type,
      version: WEBHOOK_PAYLOAD_VERSION,
      description: webhookPayloadCatalogue[type].description,
      schema: z.toJSONSchema(webhookPayloadSchema(type), { target: 'draft-2020-12' }),
    })),
  };
}
