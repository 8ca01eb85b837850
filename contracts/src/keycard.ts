import { z } from 'zod';
import { epochDayOf } from './calendar-date';
import {
  adminKeycardStatusFilters,
  keycardClientKey,
  keycardStatus,
  keycardType,
  splitKeycardClientKey,
  type KeycardStatus,
  type KeycardType,
} from './domain/keycard';
import type { Medium } from './domain/medium';
import {
  checkAxessWtp,
  checkPassNumber,
  checkSkidataDataCarrierId,
  checkSwissPassId,
  checkSwissZip,
  formatSkidataDataCarrierId,
  type CardNumberCheck,
} from './keycard-formats';
import { alpha2CountryCode } from './validators/country-code';
import { calendarDateString } from './validators/dates';
import { numericId, numericIdParam } from './validators/ids';
import { parseableInteger } from './validators/parsers';
import { licencePlate } from './validators/licence-plate';

/** §3 Keycard, §4 keycard status, §5 Keycards, §7 Keycards (docs/keycards.md). */

export const keycardErrorCodes = {
  keycardNotFound: 'KEYCARD_NOT_FOUND',
  personNotFound: 'PERSON_NOT_FOUND',
  limitReached: 'KEYCARD_LIMIT_REACHED',
  alreadyRegistered: 'KEYCARD_ALREADY_REGISTERED',
  readOnly: 'KEYCARDS_READ_ONLY',
  notActive: 'KEYCARD_NOT_ACTIVE',
  accountRequired: 'ACCOUNT_REQUIRED',
  mediumMismatch: 'KEYCARD_MEDIUM_MISMATCH',
  tokensFromIdentityProvider: 'ACCESS_TOKENS_FROM_IDENTITY_PROVIDER',
} as const;

/** Every keycard is stored under the person it belongs to (stream keycards-<personId>). */
export const keycardStreamName = (personId: number) => `keycards-${personId}`;

const cardNumber = (check: (text: string) => CardNumberCheck) =>
  z.string({ error: 'Required' }).transform((text, ctx) => {
    const outcome = check(text);
    if (outcome.ok) return outcome.value;
    ctx.addIssue({ code: 'custom', message: outcome.message });
    return z.NEVER;
  });

const day = calendarDateString;
/** The longest validity a pass carries (an annual Interrail or Swiss Travel Pass is shorter). */
export const MAX_PASS_VALIDITY_DAYS = 366;
const passValidity = z
  .object({ from: day, to: day }, { error: 'Expected validity {from, to}' })
  .refine(({ from, to }) => epochDayOf(from) <= epochDayOf(to), {
    message: 'validity.to must not be before validity.from',
    path: ['to'],
  })
  .refine(({ from, to }) => epochDayOf(to) - epochDayOf(from) < MAX_PASS_VALIDITY_DAYS, {
    message: `A pass is valid for at most ${MAX_PASS_VALIDITY_DAYS} days`,
    path: ['to'],
  });

/** §3 per-type fields with each system's number format (keycard-formats.ts); values come out canonical. */
export const keycardFieldsInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('SKIDATA'), dataCarrierId: cardNumber(checkSkidataDataCarrierId) }),
    z.object({ type: z.literal('AXESS'), wtp: cardNumber(checkAxessWtp) }),
    z.object({
      type: z.literal('SWISSPASS'),
      zip: cardNumber(checkSwissZip),
      ausweisId: cardNumber(checkSwissPassId),
    }),
    z.object({
      type: z.literal('SWISSTRAVELPASS'),
      cardId: cardNumber((text) => checkPassNumber('A Swiss Travel Pass number', text)),
      validity: passValidity,
    }),
    z.object({
      type: z.literal('FERATEL'),
      cardId: cardNumber((text) => checkPassNumber('A FERATEL card id', text)),
    }),
    z.object({
      type: z.literal('EUINTERRAIL'),
      passId: cardNumber((text) => checkPassNumber('An Interrail pass id', text)),
      validity: passValidity,
    }),
    z.object({
      type: z.literal('LICENSEPLATE'),
      licensePlate: licencePlate.transform((plate) => plate.toUpperCase()),
      countryCode: alpha2CountryCode,
    }),
  ],
  { error: `Expected a keycard type: ${keycardType.options.join(', ')}` },
);
export type KeycardFieldsInput = z.infer<typeof keycardFieldsInput>;

/** The client sends either the system ("SKIDATA") or its KIND:SYSTEM key ("KEYCARD:SKIDATA"). */
const systemOfType = (value: unknown): unknown => {
  if (!value || typeof value !== 'object' || !('type' in value)) return value;
  const parsed = keycardClientKey.safeParse((value as { type: unknown }).type);
  return parsed.success ? { ...value, type: splitKeycardClientKey(parsed.data).system } : value;
};
export const keycardFieldsBody = z.preprocess(systemOfType, keycardFieldsInput);

/** POST /keycards and POST /keycards/validation: whose card and which card. */
export const addKeycardBody = z.preprocess(
  systemOfType,
  z.intersection(z.object({ personId: numericId }), keycardFieldsInput),
);
export type AddKeycardBody = z.infer<typeof addKeycardBody>;

export const keycardIdParams = z.object({ keycardId: numericIdParam });
export const keycardListQuery = z.object({ status: keycardStatus.optional() });
export const checkValidityBody = z.object({ date: day.optional() });
const cardNumberQuery = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(100, 'A card number has at most 100 characters');
export const uniqueKeycardQuery = z.object({ datacarrierid: cardNumberQuery });

/** The key under which a card is unique across all accounts: one account per physical card. */
export function carrierKeyOf(fields: KeycardFieldsInput): string {
  switch (fields.type) {
    case 'SKIDATA':
      return `SKIDATA:${fields.dataCarrierId}`;
    case 'AXESS':
      return `AXESS:${fields.wtp}`;
    case 'SWISSPASS':
      return `SWISSPASS:${fields.ausweisId}`;
    case 'SWISSTRAVELPASS':
      return `SWISSTRAVELPASS:${fields.cardId}`;
    case 'FERATEL':
      return `FERATEL:${fields.cardId}`;
    case 'EUINTERRAIL':
      return `EUINTERRAIL:${fields.passId}`;
    case 'LICENSEPLATE':
      return `LICENSEPLATE:${fields.countryCode}:${fields.licensePlate}`;
    default: {
      const unexpected: never = fields;
      return unexpected;
    }
  }
}

/** The one number that names the card on the gate's side, as printed. */
export function dataCarrierIdOf(fields: KeycardFieldsInput): string {
  switch (fields.type) {
    case 'SKIDATA':
      return formatSkidataDataCarrierId(fields.dataCarrierId);
    case 'AXESS':
      return fields.wtp;
    case 'SWISSPASS':
      return fields.ausweisId;
    case 'SWISSTRAVELPASS':
    case 'FERATEL':
      return fields.cardId;
    case 'EUINTERRAIL':
      return fields.passId;
    case 'LICENSEPLATE':
      return `${fields.countryCode} ${fields.licensePlate}`;
    default: {
      const unexpected: never = fields;
      return unexpected;
    }
  }
}

/** The client-side KIND:SYSTEM key of a stored card (§3). */
export const clientKeyOf: Record<KeycardType, z.infer<typeof keycardClientKey>> = {
  SKIDATA: 'KEYCARD:SKIDATA',
  AXESS: 'KEYCARD:AXESS',
  SWISSPASS: 'PASS:SWISSPASS',
  SWISSTRAVELPASS: 'PASS:SWISSTRAVELPASS',
  FERATEL: 'PASS:FERATEL',
  EUINTERRAIL: 'PASS:EUINTERRAIL',
  LICENSEPLATE: 'IDENTIFICATION:LICENSEPLATE',
};

/** Which personalisation media a card of each type can carry (§3 Entry personalization): a product
 * offered on SKIDATA may be loaded onto a SKIDATA card; the travel passes carry no product. */
export const mediaOfKeycardType: Record<KeycardType, readonly Medium[]> = {
  SKIDATA: ['SKIDATA', 'SKIDATA_RENEWAL'],
  AXESS: ['AXESS', 'AXESS_RENEWAL'],
  SWISSPASS: ['SWISSPASS'],
  LICENSEPLATE: ['LICENSEPLATE'],
  SWISSTRAVELPASS: [],
  FERATEL: [],
  EUINTERRAIL: [],
};

export const keycardDto = z.object({
  id: z.number().int(),
  personId: z.number().int(),
  type: keycardType,
  clientKey: keycardClientKey,
  status: keycardStatus,
  dataCarrierId: z.string(),
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type KeycardDto = z.infer<typeof keycardDto>;

export const keycardValidationDto = z.object({
  valid: z.literal(true),
  type: keycardType,
  clientKey: keycardClientKey,
  dataCarrierId: z.string(),
  fields: z.record(z.string(), z.unknown()),
});

export const keycardValidityDto = z.object({
  keycardId: z.number().int(),
  date: z.string(),
  status: keycardStatus,
  valid: z.boolean(),
  reason: z.string().nullable(),
});
export type KeycardValidityDto = z.infer<typeof keycardValidityDto>;
export const uniqueKeycardDto = z.object({ datacarrierid: z.string(), unique: z.boolean() });

/** What the person's keycard stream stores of a card. */
export interface KeycardRecord {
  keycardId: number;
  personId: number;
  fields: KeycardFieldsInput;
  carrierKey: string;
  status: KeycardStatus;
  addedAt: string;
  source: 'CUSTOMER' | 'IMPORT';
}

export type KeycardEvent =
  | {
      type: 'KeycardAdded';
      data: {
        accountId: string;
        personId: number;
        keycardId: number;
        fields: KeycardFieldsInput;
        carrierKey: string;
        source: 'CUSTOMER' | 'IMPORT';
        at: string;
      };
    }
  | {
      type: 'KeycardCancelled';
      data: { accountId: string; personId: number; keycardId: number; by: 'CUSTOMER' | 'STAFF' };
    }
  | { type: 'KeycardExpired'; data: { accountId: string; personId: number; keycardId: number; on: string } };

/** Staff import (POST /admin/keycards/import): up to 1000 cards per call, each for a person of an account. */
export const KEYCARD_IMPORT_MAX_ROWS = 1000;
export const keycardImportBody = z.object({
  keycards: z
    .array(
      z.object({ accountId: z.string().trim().min(1).max(200), personId: numericId, keycard: z.unknown() }),
    )
    .min(1, 'Expected at least one keycard')
    .max(KEYCARD_IMPORT_MAX_ROWS, `Expected at most ${KEYCARD_IMPORT_MAX_ROWS} keycards per import`),
});
export const keycardImportRowOutcome = z.object({
  row: z.number().int(),
  outcome: z.enum(['IMPORTED', 'UNCHANGED', 'REFUSED']),
  keycardId: z.number().int().nullable(),
  code: z.string().nullable(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export const keycardImportDto = z.object({
  imported: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  rows: z.array(keycardImportRowOutcome),
});
export type KeycardImportDto = z.infer<typeof keycardImportDto>;

/** The access-system token staff issue (POST /admin/keycards/access-token). */
export const ACCESS_TOKEN_MAX_HOURS = 24;
export const accessTokenBody = z.object({
  system: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9-]{1,62}$/,
      'Expected a system name of lower-case letters, digits and dashes (e.g. skidata-gates)',
    ),
  hours: z
    .number()
    .int()
    .min(1)
    .max(ACCESS_TOKEN_MAX_HOURS, `Expected at most ${ACCESS_TOKEN_MAX_HOURS} hours`)
    .default(ACCESS_TOKEN_MAX_HOURS),
});
export const accessTokenDto = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  subject: z.string(),
  roles: z.array(z.string()),
  expiresAt: z.string(),
});

export const keycardIntegrationLookupQuery = z.object({ datacarrierid: cardNumberQuery });
export const keycardIntegrationDto = z.object({
  keycardId: z.number().int(),
  type: keycardType,
  status: keycardStatus,
  dataCarrierId: z.string(),
  personId: z.number().int(),
});
export type KeycardStatusValue = KeycardStatus;

/** GET /admin/keycards: §4 "Admin can filter by active and cancelled"; skip/take as the other admin lists. */
export const adminKeycardListQuery = z.object({
  status: z.enum(adminKeycardStatusFilters).optional(),
  accountId: z.string().trim().min(1).max(200).optional(),
  skip: parseableInteger.pipe(z.number().int().min(0)).default(0),
  take: parseableInteger.pipe(z.number().int().min(1).max(100)).default(20),
});
export const adminKeycardListDto = z.object({
  total: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      accountId: z.string(),
      personId: z.number().int(),
      type: keycardType,
      clientKey: z.string(),
      status: keycardStatus,
      dataCarrierId: z.string(),
      source: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
});
