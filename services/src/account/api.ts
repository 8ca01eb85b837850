import {
  addressBody,
  addressDto,
  addressIdParams,
  addressPatchBody,
  countriesQuery,
  countriesSortedByName,
  countryListEntry,
  personBody,
  personDto,
  personIdParams,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { AccountCaller, AccountService } from './account-service';
import { avatarField } from './person-avatars';

/** PERSON_AVATAR_MAX_BYTES: the largest photo taken (account-settings.ts) */
export const defaultAvatarMaxBytes = 2 * 1024 * 1024;

const caller = (ctx: RequestContext): AccountCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
});

/** the word that tells the same calls at two mount points apart in their operationIds (getUserPerson,
 * getCurrentAccountPerson) */
const operationScope = (mountPath: string) => (mountPath.startsWith('/users') ? 'User' : 'CurrentAccount');

/** The owner's three calls, at /users/persons/owner and at /accounts/current/owner (§7); `owner` names them
 * in their operationIds (getUserOwner). */
function ownerRoutes(router: ApiRouter, service: AccountService, path: string, owner: string): ApiRouter {
  return router
    .route(
      {
        method: 'get',
        operationId: `get${owner}`,
        path,
        summary: 'The owner of the account',
        access: 'customer',
        response: personDto,
      },
      ({ ctx }) => service.owner(caller(ctx)),
    )
    .route(
      {
        method: 'post',
        operationId: `create${owner}`,
        path,
        summary: 'Create the owner',
        access: 'customer',
        body: personBody,
        response: personDto,
        status: 201,
      },
      ({ body, ctx }) => service.addPerson(caller(ctx), body, true),
    )
    .route(
      {
        method: 'patch',
        operationId: `update${owner}`,
        path,
        summary: 'Change the owner',
        access: 'customer',
        body: personBody,
        response: personDto,
      },
      ({ body, ctx }) => service.changePerson(caller(ctx), 'owner', body),
    );
}

/** §7 /accounts/current/owner: the same owner as /users/persons/owner. */
export function currentOwnerRouter(service: AccountService): ApiRouter {
  return ownerRoutes(new ApiRouter('Persons', '/accounts/current'), service, '/owner', 'CurrentAccountOwner');
}

/** §7 Users and accounts: the signed-in customer's persons (and owner) and addresses; the same calls
 * also answer below /accounts/current (`mountPath`). */
export function personsRouter(
  service: AccountService,
  mountPath = '/users/persons',
  avatarMaxBytes = defaultAvatarMaxBytes,
): ApiRouter {
  const scope = operationScope(mountPath);
  // §7 writes /users/persons/ with its slash; the same list below /accounts/current is documented without
  // (Express answers a path with and without it alike)
  const list = scope === 'User' ? '/' : '';
  const owner = scope === 'User' ? 'UserOwner' : 'CurrentAccountPersonsOwner';
  return ownerRoutes(new ApiRouter('Persons', mountPath), service, '/owner', owner)
    .route(
      {
        method: 'get',
        operationId: `list${scope}Persons`,
        path: list,
        summary: "The account's persons",
        access: 'customer',
        response: z.array(personDto),
      },
      ({ ctx }) => service.persons(caller(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: `get${scope}Person`,
        path: '/:personId',
        summary: 'Read a person',
        access: 'customer',
        params: personIdParams,
        response: personDto,
      },
      ({ params, ctx }) => service.person(caller(ctx), params.personId),
    )
    .route(
      {
        method: 'post',
        operationId: `create${scope}Person`,
        path: list,
        summary: 'Add a person',
        access: 'customer',
        body: personBody,
        response: personDto,
        status: 201,
      },
      ({ body, ctx }) => service.addPerson(caller(ctx), body),
    )
    .route(
      {
        method: 'patch',
        operationId: `update${scope}Person`,
        path: '/:personId',
        summary: 'Change a person',
        access: 'customer',
        params: personIdParams,
        body: personBody,
        response: personDto,
      },
      ({ params, body, ctx }) => service.changePerson(caller(ctx), params.personId, body),
    )
    .route(
      {
        method: 'delete',
        operationId: `delete${scope}Person`,
        path: '/:personId',
        summary: 'Delete a person (not the owner)',
        access: 'customer',
        params: personIdParams,
      },
      ({ params, ctx }) => service.removePerson(caller(ctx), params.personId),
    )
    .route(
      {
        method: 'post',
        operationId: `upload${scope}PersonAvatar`,
        path: '/:personId/avatar',
        summary:
          "Upload the person's photo (multipart/form-data, field avatar: a JPEG, PNG or WebP image, checked by content)",
        access: 'customer',
        params: personIdParams,
        upload: { field: avatarField, maxBytes: avatarMaxBytes },
        response: personDto,
      },
      ({ params, ctx, file }) => service.changeAvatar(caller(ctx), params.personId, file),
    )
    .route(
      {
        method: 'get',
        operationId: `get${scope}PersonAvatar`,
        path: '/:personId/avatar',
        summary: "The person's photo (its owner only)",
        access: 'customer',
        params: personIdParams,
      },
      async ({ params, ctx, res }) => {
        const { mimetype, content } = await service.avatar(caller(ctx), params.personId);
        res.status(200).type(mimetype).setHeader('content-disposition', 'inline').send(content);
      },
    )
    .route(
      {
        method: 'delete',
        operationId: `delete${scope}PersonAvatar`,
        path: '/:personId/avatar',
        summary: "Remove the person's photo",
        access: 'customer',
        params: personIdParams,
      },
      ({ params, ctx }) => service.removeAvatar(caller(ctx), params.personId),
    );
}

export function addressesRouter(service: AccountService, mountPath = '/users/addresses'): ApiRouter {
  const scope = operationScope(mountPath);
  const router = new ApiRouter('Addresses', mountPath);
  if (mountPath === '/users/addresses') {
    router.route(
      {
        method: 'get',
        operationId: 'listCountries',
        path: '/countries',
        summary: 'Countries with their names in de, en and fr, sorted in the language asked for',
        access: 'public',
        query: countriesQuery,
        response: z.array(countryListEntry),
      },
      ({ query, ctx }) => countriesSortedByName(query.language ?? ctx.language),
    );
  }
  return router
    .route(
      {
        method: 'get',
        operationId: `list${scope}Addresses`,
        path: '',
        summary: "The account's addresses",
        access: 'customer',
        response: z.array(addressDto),
      },
      ({ ctx }) => service.addresses(caller(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: `get${scope}Address`,
        path: '/:addressId',
        summary: 'Read an address',
        access: 'customer',
        params: addressIdParams,
        response: addressDto,
      },
      ({ params, ctx }) => service.address(caller(ctx), params.addressId),
    )
    .route(
      {
        method: 'post',
        operationId: `create${scope}Address`,
        path: '',
        summary: 'Add an address',
        access: 'customer',
        body: addressBody,
        response: addressDto,
        status: 201,
      },
      ({ body, ctx }) => service.addAddress(caller(ctx), body),
    )
    .route(
      {
        method: 'patch',
        operationId: `update${scope}Address`,
        path: '/:addressId',
        summary: 'Change an address',
        access: 'customer',
        params: addressIdParams,
        body: addressPatchBody,
        response: addressDto,
      },
      ({ params, body, ctx }) => service.changeAddress(caller(ctx), params.addressId, body),
    )
    .route(
      {
        method: 'delete',
        operationId: `delete${scope}Address`,
        path: '/:addressId',
        summary: 'Delete an address',
        access: 'customer',
        params: addressIdParams,
      },
      ({ params, ctx }) => service.removeAddress(caller(ctx), params.addressId),
    );
}
