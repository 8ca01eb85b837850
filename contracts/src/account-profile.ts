import { z } from 'zod';
import { languages, resolveLanguage, type Language } from './language-codes';
import { language } from './languages';
import { listQuery } from './queries/list-query';
import { skipTakeQuery } from './queries/paging';
import { alpha3CountryCode } from './validators/country-code';
import { birthdateString } from './validators/dates';
import { emailAddress, lowerCasedEmailAddress } from './validators/email';
import { uuidString } from './validators/text-formats';

/** §3 Account, §4 account deletion, §7 Users and accounts (docs/account.md). */

export const accountProfileErrorCodes = {
  accountDeleted: 'ACCOUNT_DELETED',
  accountBlocked: 'ACCOUNT_BLOCKED',
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  deletionNotRequested: 'ACCOUNT_DELETION_NOT_REQUESTED',
  deletionPending: 'ACCOUNT_DELETION_PENDING',
  emailTaken: 'ACCOUNT_EMAIL_TAKEN',
  guestCheckoutOff: 'GUEST_CHECKOUT_DISABLED',
  linkProofMissing: 'LINK_PROOF_INVALID',
  identityLinkedElsewhere: 'IDENTITY_LINKED_ELSEWHERE',
  identityNotLinked: 'IDENTITY_NOT_LINKED',
  lastIdentity: 'LAST_IDENTITY',
} as const;

/** §8, word for word. */
export const deletedAccountMessage = 'Account should not be accessible if deleted';

export const accountTypes = ['CUSTOMER', 'GUEST'] as const;
export type AccountType = (typeof accountTypes)[number];

/** "de-CH", "fr_FR", "EN" → de, fr, en; any other → en (§5 "Lists and languages"). */
export function languageFromLocale(locale: unknown): Language {
  if (typeof locale !== 'string') return resolveLanguage(locale);
  return resolveLanguage(locale.trim().split(/[-_]/)[0]);
}

const text = (field: string, max = 200) =>
  z.string().trim().min(1, `${field} must not be empty`).max(max, `${field} has at most ${max} characters`);

/** What a customer may change of their account. The e-mail is the identity provider's (it needs a
 * confirmed address): staff set it at creation, the customer changes it at the provider. */
export const accountProfileFields = {
  language,
  company: text('company').nullable(),
  fullName: text('fullName').nullable(),
  addressLine1: text('addressLine1').nullable(),
  addressLine2: text('addressLine2').nullable(),
  city: text('city').nullable(),
  zip: text('zip', 20).nullable(),
  countryCode: alpha3CountryCode.nullable(),
  birthdate: birthdateString.nullable(),
  metaInformation: z.strictObject({ acceptedNewsletter: z.boolean() }),
};
export const accountPatchBody = z
  .strictObject(accountProfileFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Name at least one field to change');
export type AccountProfileChanges = z.infer<typeof accountPatchBody>;

export interface AccountProfile {
  email: string | null;
  language: Language;
  type: AccountType;
  company: string | null;
  fullName: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  zip: string | null;
  countryCode: string | null;
  birthdate: string | null;
  metaInformation: { acceptedNewsletter: boolean };
}

export const accountDto = z.object({
  id: z.string(),
  email: z.string().nullable(),
  language: language,
  type: z.enum(accountTypes),
  company: z.string().nullable(),
  fullName: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  countryCode: z.string().nullable(),
  birthdate: z.string().nullable(),
  metaInformation: z.object({ acceptedNewsletter: z.boolean() }),
  blocked: z.boolean(),
  deleteAfter: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type AccountDto = z.infer<typeof accountDto>;

/** GET /users/account/open-orders: what a customer is told before deleting the account —
 * the orders not paid yet (created, payment under way, reserved to pay on site). */
export const accountOpenOrdersDto = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      refno: z.string(),
      status: z.enum(['CREATED', 'PENDING', 'RESERVED']),
      total: z.object({ amount: z.number().int(), currency: z.literal('CHF') }),
    }),
  ),
});
export type AccountOpenOrdersDto = z.infer<typeof accountOpenOrdersDto>;

/** GET /users/current?language=: the locale of the page the SPA shows, used until the account has chosen one. */
export const currentUserQuery = z.object({ language: z.string().max(35).optional() });

/** §5 Admin account creation: e-mail lower-cased, language from the supported list. */
export const adminAccountBody = z.strictObject({
  email: lowerCasedEmailAddress,
  language: z.enum(languages, { error: `Expected one of ${languages.join(', ')}` }),
  fullName: text('fullName').optional(),
  company: text('company').optional(),
});

/** §5 Guest authentication needs email and language. */
export const guestAuthenticationBody = z.strictObject({
  email: lowerCasedEmailAddress,
  language: z.enum(languages, { error: `Expected one of ${languages.join(', ')}` }),
});
export const guestAuthenticationDto = z.object({
  accessToken: z.string(),
  expiresAt: z.number().int(),
  accountId: z.string(),
  guestCheckout: z.literal(true),
});

/** POST /users/account/guest-handover: what a guest had follows them into the signed-in account
 * (docs/account.md): the guest identity's basket and orders (proven by its token) and an anonymous basket. */
export const guestHandoverBody = z
  .strictObject({ guestToken: z.string().min(1).max(8192).optional(), basketId: uuidString.optional() })
  .refine((body) => body.guestToken !== undefined || body.basketId !== undefined, {
    message: 'Send guestToken, basketId or both',
    path: ['guestToken'],
  });
export type GuestHandoverBody = z.infer<typeof guestHandoverBody>;
export const guestHandoverDto = z.object({
  accountId: z.string(),
  basketIds: z.array(z.string()),
  orderIds: z.array(z.number().int()),
  guestAccountId: z.string().nullable(),
});
export type GuestHandoverDto = z.infer<typeof guestHandoverDto>;

/** GET /users/current/auth0: the identity provider's side of the signed-in user (docs/account.md,
 * "The provider's side"): who signed the token, whom it names, and what the provider vouches for. */
export const currentIdentityDto = z.object({
  issuer: z.string().nullable(),
  subject: z.string(),
  accountId: z.string(),
  /** the shop's own provider (its user is known here) or another OIDC provider (only its token is known) */
  provider: z.enum(['embedded', 'external']),
  guest: z.boolean(),
  email: z.string().nullable(),
  /** null: the provider's word is not known here (an outside provider's access token carries no such claim) */
  emailVerified: z.boolean().nullable(),
  roles: z.array(z.string()),
  /** the identities that sign in to this account besides its own user (POST /users/account/link) */
  linkedIdentities: z.array(z.object({ provider: z.string(), userId: z.string() })),
});
export type CurrentIdentityDto = z.infer<typeof currentIdentityDto>;

/** POST /users/account/link: the identity to link (its `sub`), proven by one of its access tokens. */
export const linkIdentityBody = z.strictObject({
  newAccountSub: z.string().trim().min(1).max(255),
  linkToken: z.string().min(1).max(8192),
});
export const unlinkIdentityBody = z.strictObject({
  userId: z.string().trim().min(1).max(255),
  provider: z.string().trim().min(1).max(255),
});
export const linkedIdentityDto = z.object({ provider: z.string(), userId: z.string() });
export const linkedIdentitiesDto = z.object({
  accountId: z.string(),
  identities: z.array(linkedIdentityDto),
});

export const relatedAccountsQuery = z.object({ email: emailAddress });
export const relatedAccountDto = z.object({
  id: z.string(),
  email: z.string().nullable(),
  type: z.enum(accountTypes),
  identities: z.array(linkedIdentityDto),
});
export const accountExistsQuery = z.object({ email: emailAddress.optional() });
export const accountExistsDto = z.object({ exists: z.boolean() });

/** §5 list query of the staff account list. */
export const accountSearchFields = {
  email: 'string',
  fullName: 'string',
  company: 'string',
  language: 'string',
  type: 'string',
  openedAt: 'date',
  blockedAt: 'date',
  deleteAfter: 'date',
  deletedAt: 'date',
} as const;
export const accountListQuery = listQuery({
  orderBy: ['openedAt', 'email', 'fullName'],
  defaultOrderBy: 'openedAt',
  searchFields: accountSearchFields,
});
export const accountListDto = z.object({
  items: z.array(
    accountDto
      .omit({
        metaInformation: true,
        addressLine1: true,
        addressLine2: true,
        city: true,
        zip: true,
        countryCode: true,
        birthdate: true,
      })
      .extend({ openedAt: z.string() }),
  ),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export const adminAccountParams = z.object({ accountId: z.string().trim().min(1).max(64) });
export const adminSkipTakeQuery = skipTakeQuery;

/** Events of an account's profile and life (stream account-<accountId>, beside persons and addresses). */
export type AccountLifecycleEvent =
  | {
      type: 'AccountOpened';
      data: {
        accountId: string;
        email: string | null;
        language: Language;
        accountType: AccountType;
        openedBy: 'self' | 'staff' | 'guest';
        at: string;
      };
    }
  | { type: 'AccountProfileChanged'; data: { accountId: string } & Partial<Omit<AccountProfile, 'type'>> }
  | { type: 'AccountDeletionRequested'; data: { accountId: string; at: string; deleteAfter: string } }
  | { type: 'AccountDeletionAborted'; data: { accountId: string; at: string } }
  | { type: 'AccountErased'; data: { accountId: string; at: string } }
  | { type: 'AccountBlocked'; data: { accountId: string; at: string } }
  | { type: 'AccountUnblocked'; data: { accountId: string; at: string } }
  | { type: 'IdentityLinked'; data: { accountId: string; provider: string; userId: string; at: string } }
  | { type: 'IdentityUnlinked'; data: { accountId: string; provider: string; userId: string; at: string } };
