import { z } from 'zod';
import { numericId, numericIdParam } from './validators/ids';
import { uuidString } from './validators/text-formats';

/** The virtual waiting room for on-sale surges (docs/waiting-room.md). */

export const waitingRoomErrorCodes = {
  saleNotFound: 'WAITING_ROOM_SALE_NOT_FOUND',
  saleAlreadyOpen: 'WAITING_ROOM_SALE_OPEN',
  saleClosed: 'WAITING_ROOM_SALE_CLOSED',
  openingTooSoon: 'WAITING_ROOM_OPENING_TOO_SOON',
  ticketNotFound: 'WAITING_ROOM_TICKET_NOT_FOUND',
  admissionRequired: 'WAITING_ROOM_ADMISSION_REQUIRED',
  admissionExpired: 'WAITING_ROOM_ADMISSION_EXPIRED',
} as const;

/** The request header that carries a visitor's admission token(s), space-separated for several sales. */
export const WAITING_ROOM_ADMISSION_HEADER = 'x-waiting-room-admission';

/** A sale opens at least this long after it is scheduled or changed: every API process has seen it by then. */
export const MIN_OPENING_LEAD_MS = 60_000;

export const OPENS_AT_MESSAGE = 'opensAt must be an ISO 8601 date-time with a time zone offset.';
export const OPENING_TOO_SOON_MESSAGE = 'The opening time must be at least one minute from now.';

const opensAt = z.iso.datetime({ offset: true, message: OPENS_AT_MESSAGE });
const productDefinitionIds = z
  .array(numericId)
  .min(1, 'A sale names at least one product definition.')
  .max(100, 'A sale names at most 100 product definitions.');
const admissionsPerMinute = z
  .number({ message: 'admissionsPerMinute must be a whole number from 1 to 100000.' })
  .int('admissionsPerMinute must be a whole number from 1 to 100000.')
  .min(1, 'admissionsPerMinute must be a whole number from 1 to 100000.')
  .max(100_000, 'admissionsPerMinute must be a whole number from 1 to 100000.');
const places = z
  .number({ message: 'places must be a whole number from 1 to 1000000.' })
  .int('places must be a whole number from 1 to 1000000.')
  .min(1, 'places must be a whole number from 1 to 1000000.')
  .max(1_000_000, 'places must be a whole number from 1 to 1000000.');
const saleName = z
  .string()
  .trim()
  .min(1, 'A sale has a name.')
  .max(200, 'A sale name has at most 200 characters.');

export const scheduleSaleBody = z.strictObject({
  name: saleName,
  productDefinitionIds,
  opensAt,
  admissionsPerMinute,
  places: places.nullable().default(null),
  /** admit at most admissionsPerMinute, slower while the shop answers slowly (docs/waiting-room.md, "Pace") */
  followCapacity: z.boolean().default(true),
});
export type ScheduleSaleBody = z.infer<typeof scheduleSaleBody>;

export const changeSaleBody = z
  .strictObject({
    name: saleName.optional(),
    productDefinitionIds: productDefinitionIds.optional(),
    opensAt: opensAt.optional(),
    admissionsPerMinute: admissionsPerMinute.optional(),
    places: places.nullable().optional(),
    followCapacity: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Name at least one field to change.');
export type ChangeSaleBody = z.infer<typeof changeSaleBody>;

export const saleParams = z.object({ saleId: numericIdParam });
export const queueTicketParams = z.object({ saleId: numericIdParam, ticketId: uuidString });

/** SCHEDULED before its opening, OPEN from then until staff end it; CANCELLED before or ENDED after opening. */
export const saleStatuses = ['SCHEDULED', 'OPEN', 'ENDED', 'CANCELLED'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

export const waitingRoomSaleDto = z.object({
  id: z.number().int(),
  name: z.string(),
  productDefinitionIds: z.array(z.number().int()),
  opensAt: z.string(),
  admissionsPerMinute: z.number().int(),
  places: z.number().int().nullable(),
  followCapacity: z.boolean(),
  /** the pace the queue last moved at (admissions per minute); null before the opening */
  currentAdmissionsPerMinute: z.number().nullable(),
  status: z.enum(saleStatuses),
  endedAt: z.string().nullable(),
  admitted: z.number().int(),
  waiting: z.number().int(),
});
export type WaitingRoomSaleDto = z.infer<typeof waitingRoomSaleDto>;

/** What a visitor may know of a sale that is announced or open: which products, from when (GET /waiting-room/sales). */
export const announcedSaleDto = z.object({
  id: z.number().int(),
  productDefinitionIds: z.array(z.number().int()),
  opensAt: z.string(),
});
export type AnnouncedSaleDto = z.infer<typeof announcedSaleDto>;

/**
 * A visitor's place: BEFORE_OPENING (no position yet: pre-openers are shuffled at the opening), WAITING with
 * its position (1 = next) and estimated wait, ADMITTED with the admission token, EXPIRED when the admission
 * lapsed unused or the visitor stopped asking, CLOSED when the sale ended or was cancelled.
 */
export const queueStatuses = ['BEFORE_OPENING', 'WAITING', 'ADMITTED', 'EXPIRED', 'CLOSED'] as const;
export type QueueStatus = (typeof queueStatuses)[number];

export const queueTicketDto = z.object({
  ticketId: z.string(),
  saleId: z.number().int(),
  status: z.enum(queueStatuses),
  opensAt: z.string(),
  position: z.number().int().nullable(),
  estimatedWaitSeconds: z.number().int().nullable(),
  admissionToken: z.string().nullable(),
  admissionExpiresAt: z.string().nullable(),
  /** an admission not used by then (a basket add or checkout of the sale's products) lapses */
  useBy: z.string().nullable(),
  /** when to ask again (waiting or before the opening): longer the further back the place; null: stop asking */
  pollAfterSeconds: z.number().int().nullable(),
  productDefinitionIds: z.array(z.number().int()),
});
export type QueueTicketDto = z.infer<typeof queueTicketDto>;
