import { DateTime } from 'luxon';
import { z } from 'zod';
import { numericId, numericIdParam } from './validators/ids';
import { calendarDateString, formattedTime } from './validators/dates';
import { booleanString, hexColor } from './validators/text-formats';

/** Slot groups, slots and capacity reads (§3 Slot, Slot group; §5 Slots; §7 Capacities). */

export const slotGroupMessages = {
  nameLength: 'Slot group name must be 2 to 200 characters.',
  createCapacity: 'Capacity must be 0 or more.',
  updateCapacity: 'Capacity must be 1 or more.',
  sampleTimesRequired: 'sampleFrom and sampleTo are required unless isAllDay is true.',
  endBeforeStart: 'endDate must not be before startDate.',
  slotsLimit: 'limit must be between 1 and 10000.',
} as const;

export const SLOT_GROUP_NAME_MIN = 2;
export const SLOT_GROUP_NAME_MAX = 200;
export const SLOT_GROUP_SLOTS_LIMIT_MAX = 10000;

/** A calendar day, yyyy-MM-dd (§5 Lists and languages). */
export const calendarDate = calendarDateString;

/** A time of day as "HH:mm:ss" (accepts "8:05", "08:05", "08:05:30"). */
export const timeOfDay = formattedTime.transform(
  ({ hours, minutes, seconds }) =>
    `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`,
);

const slotGroupFields = {
  name: z
    .string()
    .trim()
    .min(SLOT_GROUP_NAME_MIN, slotGroupMessages.nameLength)
    .max(SLOT_GROUP_NAME_MAX, slotGroupMessages.nameLength),
  /** an RFC 5545 RRULE value such as "FREQ=WEEKLY;BYDAY=SA,SU" (an "RRULE:" prefix is accepted) */
  pattern: z.string().trim().min(1).max(500),
  sampleFrom: timeOfDay.nullish(),
  sampleTo: timeOfDay.nullish(),
  startDate: calendarDate,
  endDate: calendarDate,
  customDates: z.array(calendarDate).default([]),
  exceptions: z.array(calendarDate).default([]),
  availabilityRangeId: z.string().trim().min(1).nullish(),
  productId: numericId,
  color: hexColor,
  productDefinitionIds: z.array(numericId).min(1),
  isAllDay: z.boolean().default(false),
  overlapDetection: z.boolean().default(true),
  isVisible: z.boolean().default(true),
};

type SlotGroupInputShape = {
  sampleFrom?: string | null;
  sampleTo?: string | null;
  isAllDay: boolean;
  startDate: string;
  endDate: string;
};

function checkSlotGroupShape(group: SlotGroupInputShape, context: z.RefinementCtx): void {
  if (!group.isAllDay && (!group.sampleFrom || !group.sampleTo)) {
    context.addIssue({
      code: 'custom',
      path: [group.sampleFrom ? 'sampleTo' : 'sampleFrom'],
      message: slotGroupMessages.sampleTimesRequired,
    });
  }
  if (group.endDate < group.startDate) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: slotGroupMessages.endBeforeStart });
  }
}

export const createSlotGroupRequest = z
  .object({
    ...slotGroupFields,
    capacity: z.number().int(slotGroupMessages.createCapacity).min(0, slotGroupMessages.createCapacity),
  })
  .superRefine(checkSlotGroupShape);

export const updateSlotGroupRequest = z
  .object({
    ...slotGroupFields,
    capacity: z.number().int(slotGroupMessages.updateCapacity).min(1, slotGroupMessages.updateCapacity),
  })
  .superRefine(checkSlotGroupShape);

export type CreateSlotGroupRequest = z.output<typeof createSlotGroupRequest>;
export type UpdateSlotGroupRequest = z.output<typeof updateSlotGroupRequest>;

/** The stored definition of a slot group (times normalised, defaults applied). */
export interface SlotGroupDefinition {
  name: string;
  pattern: string;
  sampleFrom: string | null;
  sampleTo: string | null;
  startDate: string;
  endDate: string;
  customDates: string[];
  exceptions: string[];
  availabilityRangeId: string | null;
  productId: number;
  color: string;
  capacity: number;
  productDefinitionIds: number[];
  isAllDay: boolean;
  overlapDetection: boolean;
  isVisible: boolean;
}

export const slotGroupResponse = z.object({
  id: numericId,
  name: z.string(),
  pattern: z.string(),
  sampleFrom: z.string().nullable(),
  sampleTo: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  customDates: z.array(z.string()),
  exceptions: z.array(z.string()),
  availabilityRangeId: z.string().nullable(),
  productId: numericId,
  color: z.string(),
  capacity: z.number().int(),
  productDefinitionIds: z.array(numericId),
  isAllDay: z.boolean(),
  overlapDetection: z.boolean(),
  isVisible: z.boolean(),
  generatedSlotCount: z.number().int(),
});
export type SlotGroupResponse = z.infer<typeof slotGroupResponse>;

export const slotVisibilities = ['VISIBLE', 'HIDDEN'] as const;
export const slotStatuses = ['ACTIVE', 'CANCELLED'] as const;
export type SlotVisibility = (typeof slotVisibilities)[number];
export type SlotStatus = (typeof slotStatuses)[number];

/** §3 Slot (admin): id, from, to, capacityId, createdAt, visibility (plus status and capacity figures). */
export const adminSlot = z.object({
  id: numericId,
  from: z.string(),
  to: z.string(),
  /** the slot owns its capacity: the id of that capacity equals the slot id */
  capacityId: numericId,
  createdAt: z.string(),
  visibility: z.enum(slotVisibilities),
  status: z.enum(slotStatuses),
  capacity: z.number().int(),
  availableCapacity: z.number().int(),
});
export type AdminSlot = z.infer<typeof adminSlot>;

export const slotGroupIdParams = z.object({ slotGroupId: numericIdParam });
export const slotIdParams = z.object({ slotId: numericIdParam });
export const capacityProductParams = z.object({ productId: numericIdParam });

export const slotGroupSlotsQuery = z.object({
  limit: z.coerce
    .number({ error: slotGroupMessages.slotsLimit })
    .int(slotGroupMessages.slotsLimit)
    .min(1, slotGroupMessages.slotsLimit)
    .max(SLOT_GROUP_SLOTS_LIMIT_MAX, slotGroupMessages.slotsLimit)
    .default(SLOT_GROUP_SLOTS_LIMIT_MAX),
});

export const generateSlotsResponse = z.object({
  slotGroupId: numericId,
  generated: z.number().int(),
  slotIds: z.array(numericId),
});

/** §3 Slot (client view). */
export const clientSlot = z.object({
  /** the slot id a basket entry refers to */
  id: numericId,
  from: z.string(),
  to: z.string(),
  productDefinitionIds: z.array(numericId),
  availableCapacity: z.number().int(),
});
export type ClientSlot = z.infer<typeof clientSlot>;

const isoInstant = z
  .string()
  .trim()
  .refine((text) => DateTime.fromISO(text, { setZone: true }).isValid, 'Expected ISO8601 date string');
const flag = booleanString.transform((text) => text === 'true').default(false);

/** §7 Capacities: from and to (ISO dates or date-times), staff-only flags. */
export const productSlotsQuery = z.object({
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  ignoreEarliestBookingTime: flag,
  ignoreLatestBookingTime: flag,
});
export type ProductSlotsQuery = z.output<typeof productSlotsQuery>;

/* ---- events (stream names: slotgroup-<id>, slotplan-<productId>, slot-<id>) ---- */

export interface PlannedSlot {
  slotId: number;
  from: string;
  to: string;
}

export type SlotGroupEvent =
  | { type: 'SlotGroupCreated'; data: { slotGroupId: number } & SlotGroupDefinition }
  | { type: 'SlotGroupUpdated'; data: { slotGroupId: number } & SlotGroupDefinition };

/** The product's slot plan: every live slot of a product, for overlap detection with expected revisions. */
export type SlotPlanEvent =
  | { type: 'SlotsPlanned'; data: { productId: number; slotGroupId: number; slots: PlannedSlot[] } }
  | { type: 'SlotUnplanned'; data: { productId: number; slotId: number } };

export interface SlotScheduledData {
  slotId: number;
  slotGroupId: number;
  productId: number;
  from: string;
  to: string;
  capacity: number;
  productDefinitionIds: number[];
  visible: boolean;
  isAllDay: boolean;
}

/** A hold or booking of places on a slot by one basket entry. */
export interface CapacityClaim {
  slotId: number;
  basketId: string;
  entryId: string;
  quantity: number;
  /** who holds the places (`account:<id>`, or `basket:<id>` for a guest): the fair-hold cap counts per holder */
  holderId?: string;
}

export type SlotEvent =
  | { type: 'SlotScheduled'; data: SlotScheduledData }
  | { type: 'SlotCancelled'; data: { slotId: number } }
  | { type: 'SlotHidden'; data: { slotId: number } }
  | { type: 'SlotShown'; data: { slotId: number } }
  | { type: 'SlotDeleted'; data: { slotId: number } }
  | { type: 'SlotCapacityChanged'; data: { slotId: number; capacity: number } }
  /** quantity is the entry's whole hold after the event (a changed quantity replaces the old one) */
  | { type: 'CapacityHeld'; data: CapacityClaim }
  /** quantity is what was released: the entry's hold is gone afterwards */
  | { type: 'CapacityReleased'; data: CapacityClaim }
  /** the entry's hold turned into a booking of `quantity` places */
  | { type: 'CapacityBooked'; data: CapacityClaim }
  /** the entry's booking was cancelled (its order item, after the sale): the places are free again */
  | { type: 'CapacityBookingCancelled'; data: CapacityClaim };

export const slotEventTypes = [
  'SlotScheduled',
  'SlotCancelled',
  'SlotHidden',
  'SlotShown',
  'SlotDeleted',
  'SlotCapacityChanged',
  'CapacityHeld',
  'CapacityReleased',
  'CapacityBooked',
  'CapacityBookingCancelled',
] as const satisfies readonly SlotEvent['type'][];

export const slotStreamName = (slotId: number) => `slot-${slotId}`;
export const slotGroupStreamName = (slotGroupId: number) => `slotgroup-${slotGroupId}`;
export const slotPlanStreamName = (productId: number) => `slotplan-${productId}`;
