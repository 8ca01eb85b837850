import { z } from 'zod';
import { alpha2CountryCode } from '../validators/country-code';
import { calendarDateString } from '../validators/dates';
import { licencePlate } from '../validators/licence-plate';

/** §3 Keycard types. */
export const keycardTypes = [
  'SKIDATA',
  'AXESS',
  'SWISSPASS',
  'SWISSTRAVELPASS',
  'LICENSEPLATE',
  'FERATEL',
  'EUINTERRAIL',
] as const;
export const keycardType = z.enum(keycardTypes);
export type KeycardType = z.infer<typeof keycardType>;

/** §4 Keycard status. */
export const keycardStatuses = ['ACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export const keycardStatus = z.enum(keycardStatuses);
export type KeycardStatus = z.infer<typeof keycardStatus>;
/** Statuses the admin list can filter by. */
export const adminKeycardStatusFilters = ['ACTIVE', 'CANCELLED'] as const;

const text = z.string().trim().min(1);
/** a pass's first and last day (yyyy-MM-dd) */
const validity = z.object({ from: calendarDateString, to: calendarDateString });

/** §3 per-type fields, as a union keyed on type. */
export const keycardFields = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SWISSTRAVELPASS'), cardId: text, validity }),
  z.object({ type: z.literal('FERATEL'), cardId: text }),
  z.object({ type: z.literal('EUINTERRAIL'), passId: text, validity }),
  z.object({ type: z.literal('SWISSPASS'), zip: text, ausweisId: text }),
  z.object({ type: z.literal('SKIDATA'), dataCarrierId: text }),
  z.object({ type: z.literal('AXESS'), wtp: text }),
  z.object({ type: z.literal('LICENSEPLATE'), licensePlate: licencePlate, countryCode: alpha2CountryCode }),
]);
export type KeycardFields = z.infer<typeof keycardFields>;

/** §3 client-side type keys KIND:SYSTEM. */
export const keycardClientKeys = [
  'KEYCARD:SKIDATA',
  'KEYCARD:SWISSPASS',
  'KEYCARD:AXESS',
  'PASS:SWISSPASS',
  'PASS:SWISSTRAVELPASS',
  'PASS:FERATEL',
  'PASS:EUINTERRAIL',
  'IDENTIFICATION:LICENSEPLATE',
] as const;
export const keycardClientKey = z.enum(keycardClientKeys);
export type KeycardClientKey = z.infer<typeof keycardClientKey>;
export type KeycardKind = 'KEYCARD' | 'PASS' | 'IDENTIFICATION';

/** "PASS:SWISSPASS" -> { kind: "PASS", system: "SWISSPASS" }. */
export function splitKeycardClientKey(key: KeycardClientKey): { kind: KeycardKind; system: KeycardType } {
  const [kind, system] = key.split(':') as [KeycardKind, KeycardType];
  return { kind, system };
}

/** §5 allowed keycard count per system (null = unlimited). */
export const allowedKeycardCount: Readonly<Record<KeycardType, number | null>> = {
  SKIDATA: 1,
  AXESS: 1,
  SWISSPASS: 1,
  SWISSTRAVELPASS: 1,
  FERATEL: 1,
  EUINTERRAIL: 1,
  LICENSEPLATE: null,
};

/** Whether a person holding `existing` cards of `type` may add one more. */
export function mayAddKeycard(type: KeycardType, existing: number): boolean {
  const allowed = allowedKeycardCount[type];
  return allowed === null || existing < allowed;
}
