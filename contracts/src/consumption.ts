import { z } from 'zod';
import {
  checkAxessWtp,
  checkPassNumber,
  checkSkidataDataCarrierId,
  checkSwissPassId,
  type CardNumberCheck,
} from './keycard-formats';
import { limitParameter, pageParameter, pagingDefaults, pagingMaxima } from './queries/paging';
import { trimmedCommaSeparatedList } from './validators/comma-lists';
import { calendarDateString } from './validators/dates';
import { numericId } from './validators/ids';

/** §3 Order type and Channel type CONSUMPTION, §7 Clients/consumptions (docs/consumptions.md). */

export const consumptionErrorCodes = {
  notFound: 'CONSUMPTION_NOT_FOUND',
  notFailed: 'CONSUMPTION_NOT_FAILED',
  parkedNotFound: 'PARKED_USAGE_NOT_FOUND',
  stillUnresolved: 'PARKED_USAGE_UNRESOLVED',
  keycardRequired: 'PAY_PER_USE_KEYCARD_REQUIRED',
  savedCardRequired: 'PAY_PER_USE_SAVED_CARD_REQUIRED',
  oneKeycardPerEntry: 'PAY_PER_USE_ONE_KEYCARD',
} as const;

/** What the access system saw: a passage through a gate, a ride on a lift, minutes in a car park. */
export const usageKinds = ['PASSAGE', 'RIDE', 'PARKING'] as const;
export const usageKind = z.enum(usageKinds);
export type UsageKind = z.infer<typeof usageKind>;

/** The kinds a pay-per-use ski day is charged for; parking is recorded and shown, never charged by it. */
export const chargeableUsageKinds: readonly UsageKind[] = ['PASSAGE', 'RIDE'];

/** Systems whose card numbers a usage event may name (the rest send the shop's keycardId). */
export const usageCardSystems = ['SKIDATA', 'AXESS', 'SWISSPASS', 'FERATEL'] as const;
export type UsageCardSystem = (typeof usageCardSystems)[number];

const usageNumberChecks: Record<UsageCardSystem, (text: string) => CardNumberCheck> = {
  SKIDATA: checkSkidataDataCarrierId,
  AXESS: checkAxessWtp,
  SWISSPASS: checkSwissPassId,
  FERATEL: (text) => checkPassNumber('A FERATEL card id', text),
};

/** The keycard registry's key of a card number a usage event names (`SKIDATA:<23 digits>`), or why it fits no card. */
export function usageCarrierKey(card: { system: UsageCardSystem; number: string }): CardNumberCheck {
  const checked = usageNumberChecks[card.system](card.number);
  return checked.ok ? { ok: true, value: `${card.system}:${checked.value}` } : checked;
}

const usageEventId = z
  .string()
  .regex(
    /^[A-Za-z0-9._:-]{1,100}$/,
    'Expected an event id of 1 to 100 letters, digits, dots, colons, dashes or underscores',
  );

/**
 * One message of the access system on `access.usage.<system>` (stream ACCESS_USAGE). The card is named by
 * its system and number as printed (`card`), or by the shop's keycard id when the system knows it.
 */
export const accessUsageEvent = z
  .object({
    eventId: usageEventId,
    occurredAt: z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time with a zone' }),
    kind: usageKind,
    /** passages and rides: 1 each; parking: minutes */
    quantity: z
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(1),
    /** the gate, lift or car park that saw the card */
    gateId: z.string().min(1).max(100),
    card: z.object({ system: z.enum(usageCardSystems), number: z.string().min(1).max(64) }).optional(),
    keycardId: numericId.optional(),
  })
  .refine((event) => (event.card === undefined) !== (event.keycardId === undefined), {
    message: 'Name the card either by card {system, number} or by keycardId',
    path: ['card'],
  });
export type AccessUsageEvent = z.infer<typeof accessUsageEvent>;
export type AccessUsageEventInput = z.input<typeof accessUsageEvent>;

/** A usage as the consumption keeps it. */
export interface UsageRecord {
  usageEventId: string;
  kind: UsageKind;
  quantity: number;
  gateId: string;
  occurredAt: string;
}

/** The pay-per-use product a keycard was registered for (by a paid order of the CONSUMPTION product). */
export interface PayPerUseRegistration {
  keycardId: number;
  accountId: string;
  personId: number | null;
  productId: number;
  productDefinitionId: number;
  orderId: number;
  orderItemId: string;
  /** the first day (resort time) it bills */
  from: string;
}

/** What one billed day costs: the pay-per-use definition's price on that day. */
export interface ConsumptionCharge {
  productId: number;
  productDefinitionId: number;
  amount: number;
  priceSource: 'pricing' | 'basePrice';
}

/** One line of a bill: a charged consumption. */
export interface BillLine extends ConsumptionCharge {
  consumptionId: string;
  keycardId: number;
  personId: number | null;
  day: string;
}

export type ConsumptionEvent =
  /** the first usage of a keycard on a day (stream consumption-<keycardId>-<day>) */
  | {
      type: 'ConsumptionOpened';
      data: { consumptionId: string; keycardId: number; day: string; accountId: string; personId: number };
    }
  | { type: 'UsageRecorded'; data: { consumptionId: string; usage: UsageRecord } }
  /** the day's first chargeable usage of a registered card: the day costs `amount` (never changes after) */
  | { type: 'ConsumptionCharged'; data: { consumptionId: string; charge: ConsumptionCharge } }
  /** stream payperuse-<keycardId> */
  | { type: 'PayPerUseRegistered'; data: PayPerUseRegistration }
  /** its order item was cancelled after the sale: the registration bills no day from `from` on */
  | {
      type: 'PayPerUseEnded';
      data: { keycardId: number; orderId: number; orderItemId: string; from: string };
    }
  /** stream consumptionbill-<accountId>: the lines of one CONSUMPTION order, decided before it is placed */
  | { type: 'ConsumptionBillOpened'; data: { billId: string; accountId: string; lines: BillLine[] } }
  | { type: 'ConsumptionBillOrdered'; data: { billId: string; orderId: number } }
  | {
      type: 'ConsumptionBillSettled';
      data: { billId: string; orderId: number; outcome: 'PAID' | 'CANCELLED' };
    }
  /** staff reprocess a failed bill: its consumptions are billed again by the next run */
  | { type: 'ConsumptionBillReleased'; data: { billId: string; consumptionIds: string[]; by: string } };

export const consumptionEventTypes = [
  'ConsumptionOpened',
  'UsageRecorded',
  'ConsumptionCharged',
  'PayPerUseRegistered',
  'PayPerUseEnded',
  'ConsumptionBillOpened',
  'ConsumptionBillOrdered',
  'ConsumptionBillSettled',
  'ConsumptionBillReleased',
] as const satisfies readonly ConsumptionEvent['type'][];

export const consumptionIdOf = (keycardId: number, day: string) => `${keycardId}-${day}`;
export const consumptionStreamName = (consumptionId: string) => `consumption-${consumptionId}`;
export const payPerUseStreamName = (keycardId: number) => `payperuse-${keycardId}`;
export const consumptionBillingStreamName = (accountId: string) => `consumptionbill-${accountId}`;

/** NOT_BILLABLE: no pay-per-use on that card that day (a season pass, a ticket) or only parking. */
export const consumptionStatuses = ['NOT_BILLABLE', 'UNBILLED', 'BILLING', 'BILLED', 'FAILED'] as const;
export const consumptionStatus = z.enum(consumptionStatuses);
export type ConsumptionStatus = z.infer<typeof consumptionStatus>;

const money = z.object({ amount: z.number().int(), currency: z.literal('CHF') });
const day = calendarDateString;

export const usageDto = z.object({
  eventId: z.string(),
  kind: usageKind,
  quantity: z.number().int(),
  gateId: z.string(),
  occurredAt: z.string(),
});

export const consumptionDto = z.object({
  id: z.string(),
  keycardId: z.number().int(),
  personId: z.number().int().nullable(),
  day: z.string(),
  status: consumptionStatus,
  productId: z.number().int().nullable(),
  productDefinitionId: z.number().int().nullable(),
  price: money,
  passages: z.number().int(),
  rides: z.number().int(),
  parkingMinutes: z.number().int(),
  firstUsedAt: z.string(),
  lastUsedAt: z.string(),
  orderId: z.number().int().nullable(),
  /** populate=usages */
  usages: z.array(usageDto).optional(),
  /** populate=order */
  order: z
    .object({
      id: z.number().int(),
      refno: z.string(),
      status: z.string(),
      paymentStatus: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type ConsumptionDto = z.infer<typeof consumptionDto>;

export const consumptionPopulations = ['usages', 'order'] as const;
export type ConsumptionPopulation = (typeof consumptionPopulations)[number];
const populate = trimmedCommaSeparatedList.pipe(z.array(z.enum(consumptionPopulations))).optional();

/** §5 Consumptions list: page default 0, limit default 100. */
export const consumptionListQuery = z.object({
  page: pageParameter(pagingDefaults.consumptions.page),
  limit: limitParameter(pagingDefaults.consumptions.limit, pagingMaxima.listLimit),
  populate,
});
export const consumptionReadQuery = z.object({ populate });
export const consumptionIdParams = z.object({
  consumptionId: z
    .string()
    .regex(/^\d{1,15}-\d{4}-\d{2}-\d{2}$/, 'Expected a consumption id (<keycardId>-<yyyy-MM-dd>)'),
});

export const adminConsumptionListQuery = consumptionListQuery.extend({
  status: trimmedCommaSeparatedList.pipe(z.array(consumptionStatus)).optional(),
  accountId: z.string().min(1).max(200).optional(),
});

/** GET /consumptions/usage: the caller's usage per keycard and day between from and to (default: this season). */
export const consumptionUsageQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['to'],
  });

const usageTotals = {
  passages: z.number().int(),
  rides: z.number().int(),
  parkingMinutes: z.number().int(),
  billed: money,
  open: money,
};
export const consumptionUsageDto = z.object({
  from: z.string(),
  to: z.string(),
  keycards: z.array(
    z.object({
      keycardId: z.number().int(),
      days: z.array(
        z.object({
          day: z.string(),
          consumptionId: z.string(),
          status: consumptionStatus,
          price: money,
          passages: z.number().int(),
          rides: z.number().int(),
          parkingMinutes: z.number().int(),
        }),
      ),
      totals: z.object({ days: z.number().int(), ...usageTotals }),
    }),
  ),
  totals: z.object({ days: z.number().int(), ...usageTotals }),
});
export type ConsumptionUsageDto = z.infer<typeof consumptionUsageDto>;

export const parkedUsageReasons = ['UNKNOWN_KEYCARD', 'INVALID_PAYLOAD'] as const;
export type ParkedUsageReason = (typeof parkedUsageReasons)[number];
export const parkedUsageDto = z.object({
  eventId: z.string(),
  subject: z.string(),
  reason: z.enum(parkedUsageReasons),
  detail: z.string(),
  payload: z.unknown(),
  parkedAt: z.string(),
  attempts: z.number().int(),
  resolvedAt: z.string().nullable(),
  consumptionId: z.string().nullable(),
});
export type ParkedUsageDto = z.infer<typeof parkedUsageDto>;
export const parkedUsageListQuery = z.object({
  page: pageParameter(0),
  limit: limitParameter(pagingDefaults.consumptions.limit, pagingMaxima.listLimit),
  resolved: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});
export const parkedUsageParams = z.object({ eventId: usageEventId });

export const billingRunBody = z.object({ throughDay: day.optional() });
/** ordersPlaced: the CONSUMPTION orders of the bills the run placed or found still open */
export const billingRunDto = z.object({
  throughDay: z.string(),
  accounts: z.number().int(),
  ordersPlaced: z.array(z.number().int()),
});
export type BillingRunDto = z.infer<typeof billingRunDto>;
