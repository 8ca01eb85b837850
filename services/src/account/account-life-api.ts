// Over 400 lines on purpose: every route of an account's life, the customer's and staff's, declared in one
// place so that their access rules and problems read side by side (docs/account.md).
import {
  accountDto,
  accountExistsDto,
  accountExistsQuery,
  accountListDto,
  accountListQuery,
  accountOpenOrdersDto,
  accountPatchBody,
  accountProfileErrorCodes as codes,
  addressDto,
  adminAccountBody,
  adminAccountParams,
  adminSkipTakeQuery,
  currentIdentityDto,
  currentUserQuery,
  guestAuthenticationBody,
  guestAuthenticationDto,
  guestHandoverBody,
  guestHandoverDto,
  linkedIdentitiesDto,
  linkIdentityBody,
  onlineCreditDto,
  personDto,
  relatedAccountDto,
  unlinkIdentityBody,
  readFeatureFlag,
  type FeatureFlags,
} from '@alpenpass/contracts';
import { z } from 'zod';
import type { TokenVerifier } from '../platform/auth/verifier';
import { conflict, invalid, notFound, tooMany } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import type { RateLimiter } from '../platform/rate-limit';
import type { OnlineCreditPort } from '../online-credit';
import type { AccountDirectory } from './account-directory';
import type { GuestHandover } from './guest-handover';
import type { foldedAccountList } from './folded-account-list';
import { guestAccountOf } from '../platform/auth/principal';
import { toAccountDto, type AccountLifeService } from './account-life-service';
import { toAddressDto, toPersonDto } from './account-service';

export interface AccountLifeApiDeps {
  life: AccountLifeService;
  directory: AccountDirectory;
  onlineCredit: OnlineCreditPort;
  flags: FeatureFlags;
  /** verifies the second identity's token at POST /users/account/link */
  verifyToken: TokenVerifier;
  /** a short-lived customer token for a guest account (null when the shop cannot sign tokens) */
  mintGuestToken: ((accountId: string) => Promise<{ accessToken: string; expiresAt: number }>) | null;
  guestLimiter: RateLimiter;
  /** a guest's basket and orders into the account (guest-handover.ts) */
  handOver: GuestHandover;
  /** the staff list folded from the account streams (perfOptimizedAccountsQuery off) */
  foldedList: ReturnType<typeof foldedAccountList>;
}

const identitiesOf = (accountId: string, identities: { provider: string; userId: string }[]) => ({
  accountId,
  identities,
});

/** §7 Users and accounts: the signed-in customer's account (docs/account.md). */
export function currentAccountRouters(deps: AccountLifeApiDeps): ApiRouter[] {
  const { life } = deps;
  const users = new ApiRouter('Account', '/users')
    .route(
      {
        method: 'get',
        operationId: 'getCurrentUser',
        path: '/current',
        summary:
          'The signed-in account (opened at its first call); language from the page locale until chosen',
        access: 'customer',
        query: currentUserQuery,
        response: accountDto,
      },
      ({ query, ctx }) => life.current(ctx.principal, query.language),
    )
    .route(
      {
        method: 'get',
        operationId: 'getCurrentUserIdentity',
        path: '/current/auth0',
        summary:
          "The identity provider's side of the signed-in user: issuer, subject, e-mail verified, linked identities",
        access: 'customer',
        response: currentIdentityDto,
      },
      ({ ctx }) => life.providerSide(ctx.principal),
    )
    .route(
      {
        method: 'patch',
        operationId: 'updateUserAccount',
        path: '/account',
        summary: 'Change the account',
        access: 'customer',
        body: accountPatchBody,
        response: accountDto,
      },
      ({ body, ctx }) => life.changeProfile(ctx.principal, body),
    )
    .route(
      {
        method: 'delete',
        operationId: 'deleteUserAccount',
        path: '/account',
        summary: 'Delete the account after the grace period (deleteAfter)',
        access: 'customer',
        response: accountDto,
      },
      ({ ctx }) => life.requestDeletion(ctx.principal),
    )
    .route(
      {
        method: 'get',
        operationId: 'getAccountOpenOrders',
        path: '/account/open-orders',
        summary: 'The orders not paid yet: named before the account is deleted',
        access: 'customer',
        response: accountOpenOrdersDto,
      },
      ({ ctx }) => life.openOrders(ctx.principal),
    )
    .route(
      {
        method: 'post',
        operationId: 'abortAccountDeletion',
        path: '/account/abort-deletion',
        summary: 'Keep the account',
        access: 'customer',
        response: accountDto,
      },
      ({ ctx }) => life.abortDeletion(ctx.principal),
    )
    .route(
      {
        method: 'post',
        operationId: 'linkIdentity',
        path: '/account/link',
        summary: 'Link another identity (proven by its token) to the account',
        access: 'customer',
        body: linkIdentityBody,
        response: linkedIdentitiesDto,
      },
      async ({ body, ctx }) => {
        const accountId = life.customerAccount(ctx.principal);
        const other = await deps.verifyToken(body.linkToken).catch(() => null);
        if (!other || other.subject !== body.newAccountSub || !other.issuer)
          throw invalid(
            codes.linkProofMissing,
            'Sign in with the identity to link and send its token.',
            'body.linkToken',
          );
        if (other.accountId === accountId)
          return identitiesOf(
            accountId,
            (await life.opened(accountId, null, ctx.principal!.subject)).life.identities,
          );
        // a guest identity brings its basket and orders along (docs/account.md, "A guest's basket and orders")
        if (guestAccountOf(other))
          await deps.handOver(ctx.principal!, accountId, { guestToken: body.linkToken });
        const identity = { provider: other.issuer, userId: other.subject };
        if (!(await deps.directory.link(identity.provider, identity.userId, accountId))) {
          throw conflict(codes.identityLinkedElsewhere, 'This identity belongs to another account.');
        }
        return identitiesOf(accountId, (await life.linkIdentity(ctx.principal, identity)).life.identities);
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'handOverGuest',
        path: '/account/guest-handover',
        summary:
          "A guest's basket and orders become the account's (the guest identity's token, an anonymous basket's id)",
        access: 'customer',
        body: guestHandoverBody,
        response: guestHandoverDto,
      },
      ({ body, ctx }) => deps.handOver(ctx.principal!, life.customerAccount(ctx.principal), body),
    )
    .route(
      {
        method: 'post',
        operationId: 'unlinkIdentity',
        path: '/account/unlink',
        summary: 'Unlink an identity from the account',
        access: 'customer',
        body: unlinkIdentityBody,
        response: linkedIdentitiesDto,
      },
      async ({ body, ctx }) => {
        const accountId = life.customerAccount(ctx.principal);
        const identity = { provider: body.provider, userId: body.userId };
        const state = await life.unlinkIdentity(ctx.principal, identity);
        await deps.directory.unlink(identity.provider, identity.userId, accountId);
        return identitiesOf(accountId, state.life.identities);
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'listRelatedAccounts',
        path: '/account/related',
        summary: 'The accounts of this e-mail: for a customer only their own (no user enumeration)',
        access: 'customer',
        query: z.object({ email: z.string().max(254) }),
        response: z.array(relatedAccountDto),
      },
      async ({ query, ctx }) => {
        const accountId = life.customerAccount(ctx.principal);
        const own = await life.opened(accountId, null, ctx.principal!.subject);
        const asked = query.email.trim().toLowerCase();
        if (!own.life.profile.email || own.life.profile.email !== asked) return [];
        return [
          {
            id: accountId,
            email: own.life.profile.email,
            type: own.life.profile.type,
            identities: own.life.identities,
          },
        ];
      },
    )
    .route(
      {
        method: 'get',
        operationId: 'getAccountExists',
        path: '/account/exists',
        summary: 'Whether the signed-in account is opened already (never answers for other addresses)',
        access: 'customer',
        query: accountExistsQuery,
        response: accountExistsDto,
      },
      async ({ query, ctx }) => {
        const accountId = life.customerAccount(ctx.principal);
        const state = await life.load(accountId);
        const email = query.email?.toLowerCase();
        return {
          exists:
            state.life.opened &&
            !state.life.deletedAt &&
            (email === undefined || state.life.profile.email === email),
        };
      },
    )
    .route(
      {
        method: 'post',
        operationId: 'authenticateGuest',
        path: '/authenticate-guest',
        summary: 'A guest identity that can buy (guestCheckout flag)',
        access: 'public',
        body: guestAuthenticationBody,
        response: guestAuthenticationDto,
        status: 201,
      },
      async ({ body, ctx }) => {
        if (!deps.flags.guestCheckout || !deps.mintGuestToken)
          throw notFound(codes.guestCheckoutOff, 'Guest checkout is not offered.');
        if (!(await deps.guestLimiter.admit(`guest:${ctx.clientAddress}`)))
          throw tooMany(
            'TOO_MANY_GUESTS',
            'Too many guest sign-ins from this address. Please wait a minute.',
          );
        const accountId = await life.openGuest(body.email, body.language);
        return { ...(await deps.mintGuestToken(accountId)), accountId, guestCheckout: true as const };
      },
    );

  const current = new ApiRouter('Account', '/accounts/current')
    .route(
      {
        method: 'get',
        operationId: 'getCurrentAccount',
        path: '',
        summary: 'The signed-in account',
        access: 'customer',
        response: accountDto,
      },
      ({ ctx }) => life.current(ctx.principal, undefined),
    )
    .route(
      {
        method: 'patch',
        operationId: 'updateCurrentAccount',
        path: '',
        summary: 'Change the signed-in account',
        access: 'customer',
        body: accountPatchBody,
        response: accountDto,
      },
      ({ body, ctx }) => life.changeProfile(ctx.principal, body),
    )
    .route(
      {
        method: 'get',
        operationId: 'getCurrentAccountOnlineCredit',
        path: '/online-credit',
        summary: "The account's online credit",
        access: 'customer',
        response: onlineCreditDto,
      },
      ({ ctx }) => deps.onlineCredit.balance(life.customerAccount(ctx.principal)),
    );
  return [users, current];
}

/** §6 account management and blocking (staff). */
export function adminAccountsRouter(
  deps: Pick<AccountLifeApiDeps, 'life' | 'directory' | 'flags' | 'foldedList'>,
): ApiRouter {
  const { life, directory } = deps;
  // perfOptimizedAccountsQuery: one directory row per account, else every account stream folded (docs/feature-flags.md)
  const list = readFeatureFlag(deps.flags, 'perfOptimizedAccountsQuery') ? directory.list : deps.foldedList;
  const page = <T>(items: T[], skip: number, take: number) => ({
    items: items.slice(skip, skip + take),
    skip,
    take,
    total: items.length,
  });
  return new ApiRouter('Accounts (admin)', '/admin/accounts')
    .route(
      {
        method: 'get',
        operationId: 'adminListAccounts',
        path: '',
        summary: 'List and search accounts (§5 list query)',
        access: 'admin',
        query: accountListQuery,
        response: accountListDto,
      },
      ({ query }) =>
        list({
          page: query.page,
          limit: query.limit,
          orderBy: query.orderBy ?? 'openedAt',
          orderDirection: query.orderDirection,
          search: query.search,
        }),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminCreateAccount',
        path: '',
        summary: 'Create an account',
        access: 'admin',
        body: adminAccountBody,
        response: accountDto,
        status: 201,
      },
      ({ body, ctx }) => life.createByStaff(body, ctx.principal!.subject),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetAccount',
        path: '/:accountId',
        summary: 'Read an account',
        access: 'admin',
        params: adminAccountParams,
        response: accountDto,
      },
      async ({ params }) => toAccountDto(params.accountId, await life.byStaff(params.accountId)),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminBlockAccount',
        path: '/:accountId/block',
        summary: 'Block an account: no sign-in, its tokens refused',
        access: 'admin',
        params: adminAccountParams,
        response: accountDto,
      },
      ({ params, ctx }) => life.block(params.accountId, ctx.principal!.subject, true),
    )
    .route(
      {
        method: 'post',
        operationId: 'adminUnblockAccount',
        path: '/:accountId/unblock',
        summary: 'Unblock an account',
        access: 'admin',
        params: adminAccountParams,
        response: accountDto,
      },
      ({ params, ctx }) => life.block(params.accountId, ctx.principal!.subject, false),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListAccountAddresses',
        path: '/:accountId/addresses',
        summary: "An account's addresses (skip 0, take 10)",
        access: 'admin',
        params: adminAccountParams,
        query: adminSkipTakeQuery,
        response: z.object({
          items: z.array(addressDto),
          skip: z.number(),
          take: z.number(),
          total: z.number(),
        }),
      },
      async ({ params, query }) =>
        page((await life.byStaff(params.accountId)).addresses.map(toAddressDto), query.skip, query.take),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminListAccountPersons',
        path: '/:accountId/persons',
        summary: "An account's persons (skip 0, take 10)",
        access: 'admin',
        params: adminAccountParams,
        query: adminSkipTakeQuery,
        response: z.object({
          items: z.array(personDto),
          skip: z.number(),
          take: z.number(),
          total: z.number(),
        }),
      },
      async ({ params, query }) =>
        page((await life.byStaff(params.accountId)).persons.map(toPersonDto), query.skip, query.take),
    );
}
