import { z } from 'zod';
import type { AccountLifecycleEvent } from './account-profile';
import { addressPurpose, type AddressPurpose } from './domain/address';
import { configurablePersonField, gender, type ConfigurablePersonField, type Gender } from './domain/person';
import { languageWithFallback } from './languages';
import { alpha3CountryCode } from './validators/country-code';
import { birthdateString } from './validators/dates';
import { numericIdParam } from './validators/ids';
import { phoneNumberWithDialCode } from './validators/phone-number';

/** §3 Person and Address, §5 "Addresses, persons, accounts", §7 Users and accounts (docs/account.md). */

export const accountErrorCodes = {
  personNotFound: 'PERSON_NOT_FOUND',
  addressNotFound: 'ADDRESS_NOT_FOUND',
  ownerNotFound: 'OWNER_NOT_FOUND',
  ownerExists: 'OWNER_EXISTS',
  ownerNotDeletable: 'OWNER_NOT_DELETABLE',
  fieldRequired: 'PERSON_FIELD_REQUIRED',
  fieldDisabled: 'PERSON_FIELD_DISABLED',
  accountRequired: 'ACCOUNT_REQUIRED',
  avatarNotFound: 'AVATAR_NOT_FOUND',
} as const;

const name = (field: string) =>
  z.string().trim().min(1, `${field} must not be empty`).max(100, `${field} has at most 100 characters`);

/** The person fields a customer sends; which are required or refused follows the field rules (§5). */
const personFields = {
  firstName: name('firstName'),
  lastName: name('lastName'),
  birthdate: birthdateString.nullable(),
  gender: gender.nullable(),
  phone: phoneNumberWithDialCode.nullable(),
};
export const personBody = z.object(personFields).partial();
export type PersonInput = z.infer<typeof personBody>;

export const personIdParams = z.object({ personId: numericIdParam });

export const personDto = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthdate: z.string().nullable(),
  gender: gender.nullable(),
  phone: z.string().nullable(),
  owner: z.boolean(),
  avatar: z.string().nullable(),
});
export type PersonDto = z.infer<typeof personDto>;

const line = (field: string, min: number) =>
  z.string().trim().min(min, `${field} must not be empty`).max(200, `${field} has at most 200 characters`);
const addressFields = {
  addressLine1: line('addressLine1', 1),
  addressLine2: line('addressLine2', 0).nullable().default(null),
  city: line('city', 1),
  state: line('state', 0).nullable().default(null),
  zip: line('zip', 1).max(20, 'zip has at most 20 characters'),
  countryCode: alpha3CountryCode,
  purpose: z
    .array(addressPurpose)
    .max(2)
    .transform((purposes) => [...new Set(purposes)]),
};
export const addressBody = z.object(addressFields);
export const addressPatchBody = z
  .object(addressFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Name at least one field to change');
export type AddressInput = z.infer<typeof addressBody>;
export type AddressChanges = z.infer<typeof addressPatchBody>;

export const addressIdParams = z.object({ addressId: numericIdParam });

export const addressDto = z.object({
  id: z.number().int(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  zip: z.string(),
  countryCode: z.string(),
  purpose: z.array(addressPurpose),
});
export type AddressDto = z.infer<typeof addressDto>;

export const countriesQuery = z.object({ language: languageWithFallback.optional() });

/** Account events (stream `account-<accountId>`): persons and addresses of one customer account. */
export interface PersonRecord {
  personId: number;
  firstName: string | null;
  lastName: string | null;
  birthdate: string | null;
  gender: Gender | null;
  phone: string | null;
  owner: boolean;
  /** the uploaded photo (its bytes in person_avatars); absent or null: none */
  avatar?: PersonAvatar | null;
}
/** What the person's events know of its photo: its kind by content, size and digest. */
export interface PersonAvatar {
  mimetype: string;
  size: number;
  sha256: string;
}
export interface AddressRecord {
  addressId: number;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  zip: string;
  countryCode: string;
  purpose: AddressPurpose[];
}
export type AccountEvent =
  | { type: 'PersonAdded'; data: { accountId: string } & PersonRecord }
  | {
      type: 'PersonChanged';
      data: { accountId: string; personId: number } & Partial<Omit<PersonRecord, 'personId' | 'owner'>>;
    }
  | { type: 'PersonRemoved'; data: { accountId: string; personId: number } }
  | { type: 'AddressAdded'; data: { accountId: string } & AddressRecord }
  | {
      type: 'AddressChanged';
      data: { accountId: string; addressId: number } & Partial<Omit<AddressRecord, 'addressId'>>;
    }
  | { type: 'AddressRemoved'; data: { accountId: string; addressId: number } }
  | AccountLifecycleEvent;

export const accountStreamName = (accountId: string) => `account-${accountId}`;

export type { ConfigurablePersonField };

/** GET /accounts/persons/schema: which person fields a form asks for (required) and never shows (disabled). */
const fieldRulesDto = z.object({
  required: z.array(configurablePersonField),
  disabled: z.array(configurablePersonField),
});
export const personFieldSchemaDto = z.object({ person: fieldRulesDto, owner: fieldRulesDto });
export type PersonFieldSchemaDto = z.infer<typeof personFieldSchemaDto>;
