import type { AddressPurpose } from '@alpenpass/contracts/src/domain/address';
import type { ConfigurablePersonField, Gender } from '@alpenpass/contracts/src/domain/person';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import type { Money } from '@alpenpass/contracts/src/basket';
import { api } from '../../lib/api/api-slice';
import { LIST_TAG_ID } from '../../lib/api/cache-tags';

export interface CurrentUser {
  id: string;
  email: string;
  language: Language;
  deletedAt: Date | null;
  deleteAfter: Date | null;
  metaInformation?: { acceptedNewsletter: boolean };
}

/** What the profile's account settings change (PATCH /users/account): the language of mails, the newsletter. */
export interface AccountSettings {
  language: Language;
  metaInformation: { acceptedNewsletter: boolean };
}

/** §3 Person as GET /users/persons answers it (birthdate yyyy-MM-dd, phone normalised +number). */
export interface Person {
  id: number;
  firstName: string | null;
  lastName: string | null;
  birthdate: string | null;
  gender: Gender | null;
  phone: string | null;
  owner: boolean;
  avatar: string | null;
}

export interface PersonInput {
  firstName?: string;
  lastName?: string;
  birthdate?: string | null;
  gender?: Gender | null;
  phone?: string | null;
}

export interface PersonFieldRules {
  required: ConfigurablePersonField[];
  disabled: ConfigurablePersonField[];
}

export interface PersonFieldSchema {
  person: PersonFieldRules;
  owner: PersonFieldRules;
}

/** §3 Address; countryCode alpha-3. */
export interface Address {
  id: number;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  zip: string;
  countryCode: string;
  purpose: AddressPurpose[];
}

export type AddressInput = Omit<Address, 'id'>;

/** GET /users/account/open-orders (contracts: accountOpenOrdersDto) */
export interface AccountOpenOrders {
  items: { id: number; refno: string; status: 'CREATED' | 'PENDING' | 'RESERVED'; total: Money }[];
}

export interface Country {
  id: number;
  alpha2: string;
  alpha3: string;
  locale: Record<Language, { name: string }>;
}

const ownerTags = [{ type: 'Owner' as const }, { type: 'Person' as const, id: LIST_TAG_ID }];

/** §7 Users and accounts: the owner, persons and addresses of the signed-in customer; the country list. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    // §7: GET /users/current with the language mapped from the locale; the user is in a data field.
    getCurrentUser: build.query<CurrentUser, Language>({
      query: (language) => ({ url: '/users/current', params: { language } }),
      // §7 reads it from a data field; the shop's API answers the account itself (docs/spa-account.md)
      transformResponse: (response: CurrentUser | { data: CurrentUser }) =>
        'data' in response ? response.data : response,
      providesTags: ['Account'],
    }),
    // §4 account deletion: DELETE sets deleteAfter (the grace period), abort keeps the account
    requestAccountDeletion: build.mutation<CurrentUser, void>({
      query: () => ({ url: '/users/account', method: 'DELETE' }),
      invalidatesTags: ['Account'],
    }),
    // the orders still open, named before the customer confirms the deletion
    getAccountOpenOrders: build.query<AccountOpenOrders, void>({
      query: () => '/users/account/open-orders',
      keepUnusedDataFor: 0,
    }),
    changeAccountSettings: build.mutation<CurrentUser, AccountSettings>({
      query: (body) => ({ url: '/users/account', method: 'PATCH', body }),
      invalidatesTags: ['Account'],
    }),
    abortAccountDeletion: build.mutation<CurrentUser, void>({
      query: () => ({ url: '/users/account/abort-deletion', method: 'POST' }),
      invalidatesTags: ['Account'],
    }),
    // a person's photo: multipart, the field named like the §5 person field (docs/account.md, "Photos")
    uploadAvatar: build.mutation<Person, { personId: number; file: File }>({
      query: ({ personId, file }) => {
        const body = new FormData();
        body.append('avatar', file);
        return { url: `/users/persons/${personId}/avatar`, method: 'POST', body };
      },
      invalidatesTags: (_person, _error, { personId }) => [{ type: 'Person', id: personId }, 'Owner'],
    }),
    // the photo's bytes need the bearer, so they come as a data: address for the <img> (the CSP allows data: images)
    getAvatar: build.query<string, string>({
      query: (address) => ({
        url: address.replace(/^\/api/, ''),
        responseHandler: async (response: Response) => {
          const bytes = new Uint8Array(await response.arrayBuffer());
          let binary = '';
          for (let at = 0; at < bytes.length; at += 0x8000)
            binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
          return `data:${response.headers.get('content-type') ?? 'application/octet-stream'};base64,${btoa(binary)}`;
        },
      }),
    }),
    removeAvatar: build.mutation<void, number>({
      query: (personId) => ({ url: `/users/persons/${personId}/avatar`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, personId) => [{ type: 'Person', id: personId }, 'Owner'],
    }),
    getPersonFieldSchema: build.query<PersonFieldSchema, void>({
      query: () => '/accounts/persons/schema',
    }),
    getOwner: build.query<Person, void>({
      query: () => '/users/persons/owner',
      providesTags: ['Owner'],
    }),
    createOwner: build.mutation<Person, PersonInput>({
      query: (body) => ({ url: '/users/persons/owner', method: 'POST', body }),
      invalidatesTags: ownerTags,
    }),
    changeOwner: build.mutation<Person, PersonInput>({
      query: (body) => ({ url: '/users/persons/owner', method: 'PATCH', body }),
      invalidatesTags: ownerTags,
    }),
    getPersons: build.query<Person[], void>({
      query: () => '/users/persons',
      providesTags: (persons = []) => [
        { type: 'Person', id: LIST_TAG_ID },
        ...persons.map((person) => ({ type: 'Person' as const, id: person.id })),
      ],
    }),
    addPerson: build.mutation<Person, PersonInput>({
      query: (body) => ({ url: '/users/persons', method: 'POST', body }),
      invalidatesTags: [{ type: 'Person', id: LIST_TAG_ID }],
    }),
    changePerson: build.mutation<Person, { personId: number; changes: PersonInput }>({
      query: ({ personId, changes }) => ({
        url: `/users/persons/${personId}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_person, _error, { personId }) => [{ type: 'Person', id: personId }],
    }),
    removePerson: build.mutation<void, number>({
      query: (personId) => ({ url: `/users/persons/${personId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Person', id: LIST_TAG_ID }],
    }),
    getAddresses: build.query<Address[], void>({
      query: () => '/users/addresses',
      providesTags: (addresses = []) => [
        { type: 'Address', id: LIST_TAG_ID },
        ...addresses.map((address) => ({ type: 'Address' as const, id: address.id })),
      ],
    }),
    addAddress: build.mutation<Address, AddressInput>({
      query: (body) => ({ url: '/users/addresses', method: 'POST', body }),
      invalidatesTags: [{ type: 'Address', id: LIST_TAG_ID }],
    }),
    changeAddress: build.mutation<Address, { addressId: number; changes: Partial<AddressInput> }>({
      query: ({ addressId, changes }) => ({
        url: `/users/addresses/${addressId}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: (_address, _error, { addressId }) => [{ type: 'Address', id: addressId }],
    }),
    removeAddress: build.mutation<void, number>({
      query: (addressId) => ({ url: `/users/addresses/${addressId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Address', id: LIST_TAG_ID }],
    }),
    getCountries: build.query<Country[], Language>({
      query: (language) => ({ url: '/users/addresses/countries', params: { language } }),
      providesTags: (_countries, _error, language) => [{ type: 'Country', id: language }],
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useRequestAccountDeletionMutation,
  useGetAccountOpenOrdersQuery,
  useAbortAccountDeletionMutation,
  useChangeAccountSettingsMutation,
  useUploadAvatarMutation,
  useGetAvatarQuery,
  useRemoveAvatarMutation,
  useGetPersonFieldSchemaQuery,
  useGetOwnerQuery,
  useCreateOwnerMutation,
  useChangeOwnerMutation,
  useGetPersonsQuery,
  useAddPersonMutation,
  useChangePersonMutation,
  useRemovePersonMutation,
  useGetAddressesQuery,
  useAddAddressMutation,
  useChangeAddressMutation,
  useRemoveAddressMutation,
  useGetCountriesQuery,
} = accountApi;
