import { randomUUID } from 'node:crypto';
import {
  accountErrorCodes,
  accountProfileErrorCodes as codes,
  accountStreamName,
  languageFromLocale,
  type AccountDto,
  type AccountOpenOrdersDto,
  type CurrentIdentityDto,
  type AccountProfileChanges,
  type Language,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import { guestAccountOf, type Principal } from '../platform/auth/principal';
import { conflict, forbidden, notFound, unavailable } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { accountFolder, type AccountState } from './account';
import type { AccountDirectory } from './account-directory';
import { accountDeleted, decideAccountLife, type AccountLifeCommand } from './decide-life';
import { sendDeletionMail, type DeletionMailDeps } from './deletion-mail';
import { erasePersonalData, personIdsOf } from './erasure';
import { openOrdersOf } from './open-orders';

export interface AccountLifeDeps {
  store: EventStore;
  knex: Knex;
  directory: AccountDirectory;
  /** DELETE /users/account: how long the account stays before it is erased (ACCOUNT_DELETION_GRACE_SECONDS) */
  gracePeriodMs: number;
  /** starts the account's deletion workflow (a second start is a no-op) */
  scheduleErasure(accountId: string, deleteAfter: string): Promise<void>;
  /** the confirmation mail of an erased account (deletion-mail.ts); without it none is sent */
  deletionMail?: Omit<DeletionMailDeps, 'knex'>;
  /** this process forgets what it cached of the account's access */
  forgetAccess?(accountId: string): void;
  now?: () => Date;
}

export type AccountLifeService = ReturnType<typeof createAccountLifeService>;

export const toAccountDto = (accountId: string, state: AccountState): AccountDto => ({
  id: accountId,
  ...state.life.profile,
  blocked: state.life.blockedAt !== null,
  deleteAfter: state.life.deleteAfter,
  deletedAt: state.life.deletedAt,
});

export const embeddedProviderName = 'alpenpass';

/** The embedded provider's account ids are uuids; accounts of other providers need not be. */
export const isEmbeddedAccountId = (accountId: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(accountId);

export function createAccountLifeService(deps: AccountLifeDeps) {
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  const load = async (accountId: string): Promise<AccountState> =>
    (await loadStreamState(deps.store, accountStreamName(accountId), accountFolder)).state;

  async function run(accountId: string, command: AccountLifeCommand, actor: string): Promise<AccountState> {
    const outcome = await handleCommand(
      deps.store,
      accountStreamName(accountId),
      accountFolder,
      (state) => decideAccountLife(command, state.life),
      { actor, correlationId: `account-${accountId}` },
    );
    const state = { ...outcome.newState, accountId };
    await deps.directory.save(state);
    deps.forgetAccess?.(accountId);
    return state;
  }

  const customerAccount = (principal: Principal | null): string => {
    if (!principal?.accountId)
      throw forbidden(accountErrorCodes.accountRequired, 'These calls need a customer account.');
    return principal.accountId;
  };

  /** The embedded provider's user of the account, if it has one: its e-mail and locale open the account. */
  const identityUserOf = async (accountId: string) =>
    isEmbeddedAccountId(accountId)
      ? deps
          .knex('identity_users')
          .select<{ id: string; email: string; locale: string }[]>('id', 'email', 'locale')
          .where({ account_id: accountId })
          .first()
      : undefined;

  /** An account is opened the first time it is asked for (any provider), from what the provider knows. */
  async function opened(
    accountId: string,
    languageHint: Language | null,
    actor: string,
  ): Promise<AccountState> {
    const state = await load(accountId);
    if (state.life.deletedAt) throw accountDeleted();
    if (state.life.opened) return { ...state, accountId };
    const user = await identityUserOf(accountId);
    const language = user ? languageFromLocale(user.locale) : (languageHint ?? 'de');
    return run(
      accountId,
      {
        type: 'OpenAccount',
        data: {
          accountId,
          email: user?.email ?? null,
          language,
          accountType: 'CUSTOMER',
          openedBy: 'self',
          at: now(),
        },
      },
      actor,
    );
  }

  const existing = async (accountId: string): Promise<AccountState> => {
    const state = await load(accountId);
    if (state.life.deletedAt) throw accountDeleted();
    if (!state.life.opened) throw notFound(codes.accountNotFound, `Account ${accountId} not found.`);
    return { ...state, accountId };
  };

  return {
    load,
    opened,

    async current(principal: Principal | null, locale: string | undefined): Promise<AccountDto> {
      const accountId = customerAccount(principal);
      return toAccountDto(
        accountId,
        await opened(accountId, locale ? languageFromLocale(locale) : null, principal!.subject),
      );
    },
    /** GET /users/current/auth0: the provider's side of the signed-in user (docs/account.md). */
    async providerSide(principal: Principal | null): Promise<CurrentIdentityDto> {
      const accountId = customerAccount(principal);
      const { subject, issuer, roles } = principal!;
      const state = await opened(accountId, null, subject);
      const guestAccountId = guestAccountOf(principal!);
      const user =
        !guestAccountId && isEmbeddedAccountId(subject)
          ? await deps
              .knex('identity_users')
              .select<{ email: string; email_verified_at: Date | null }[]>('email', 'email_verified_at')
              .where({ id: subject })
              .first()
          : undefined;
      // a guest typed its address and never confirmed it; an outside provider's access token says nothing about it
      const guestEmail = guestAccountId ? (await load(guestAccountId)).life.profile.email : null;
      return {
        issuer: issuer ?? null,
        subject,
        accountId,
        provider: user || guestAccountId ? 'embedded' : 'external',
        guest: guestAccountId !== null,
        email: user?.email ?? guestEmail,
        emailVerified: user ? user.email_verified_at !== null : guestAccountId ? false : null,
        roles,
        linkedIdentities: state.life.identities,
      };
    },
    async changeProfile(principal: Principal | null, changes: AccountProfileChanges): Promise<AccountDto> {
      const accountId = customerAccount(principal);
      await opened(accountId, null, principal!.subject);
      const state = await run(
        accountId,
        { type: 'ChangeProfile', data: { accountId, changes } },
        principal!.subject,
      );
      // the provider's mails (reset, confirmation) follow the account's language
      if (changes.language && isEmbeddedAccountId(accountId))
        await deps
          .knex('identity_users')
          .where({ account_id: accountId })
          .update({ locale: changes.language });
      return toAccountDto(accountId, state);
    },
    async requestDeletion(principal: Principal | null): Promise<AccountDto> {
      const accountId = customerAccount(principal);
      await opened(accountId, null, principal!.subject);
      const state = await run(
        accountId,
        { type: 'RequestDeletion', data: { accountId, at: now(), gracePeriodMs: deps.gracePeriodMs } },
        principal!.subject,
      );
      // the request is recorded first: asking again (same deleteAfter) starts the workflow if this start failed
      await deps.scheduleErasure(accountId, state.life.deleteAfter!).catch((error: unknown) => {
        throw Object.assign(
          unavailable(
            'ACCOUNT_DELETION_UNAVAILABLE',
            'The deletion could not be scheduled. Please try again shortly.',
          ),
          { cause: error },
        );
      });
      return toAccountDto(accountId, state);
    },
    /** GET /users/account/open-orders: what deleting the account leaves open */
    async openOrders(principal: Principal | null): Promise<AccountOpenOrdersDto> {
      const accountId = customerAccount(principal);
      await opened(accountId, null, principal!.subject);
      return { items: await openOrdersOf(deps.knex, accountId) };
    },
    async abortDeletion(principal: Principal | null): Promise<AccountDto> {
      const accountId = customerAccount(principal);
      return toAccountDto(
        accountId,
        await run(accountId, { type: 'AbortDeletion', data: { accountId, at: now() } }, principal!.subject),
      );
    },

    /** The deletion workflow's step when the grace period ends: 'erased', or why not. Idempotent. */
    async eraseAccount(
      accountId: string,
    ): Promise<{ status: 'erased' | 'aborted' | 'pending'; deleteAfter?: string | null }> {
      const events = await deps.store.readStream(accountStreamName(accountId));
      const before = await load(accountId);
      if (!before.life.deletedAt) {
        if (!before.life.deleteAfter) return { status: 'aborted' };
        if (Date.parse(before.life.deleteAfter) > Date.parse(now()))
          return { status: 'pending', deleteAfter: before.life.deleteAfter };
        // the confirmation goes out while the address is still known; a failed send retries the whole step
        const { email, language } = before.life.profile;
        if (deps.deletionMail && email)
          await sendDeletionMail(
            { knex: deps.knex, ...deps.deletionMail },
            { accountId, to: email, language, openOrders: await openOrdersOf(deps.knex, accountId) },
          );
        await run(accountId, { type: 'EraseAccount', data: { accountId, at: now() } }, 'system');
      }
      await erasePersonalData(deps.knex, accountId, personIdsOf(events));
      return { status: 'erased' };
    },

    async block(accountId: string, actor: string, blocked: boolean): Promise<AccountDto> {
      await existing(accountId);
      const at = now();
      const state = await run(
        accountId,
        blocked
          ? { type: 'BlockAccount', data: { accountId, at } }
          : { type: 'UnblockAccount', data: { accountId, at } },
        actor,
      );
      // the embedded provider signs nobody in to a blocked account, nor renews its sessions
      if (isEmbeddedAccountId(accountId))
        await deps
          .knex('identity_users')
          .where({ account_id: accountId })
          .update({ blocked_at: blocked ? new Date(at) : null });
      return toAccountDto(accountId, state);
    },
    async createByStaff(
      input: { email: string; language: Language; fullName?: string; company?: string },
      actor: string,
    ): Promise<AccountDto> {
      if ((await deps.directory.byEmail(input.email)).length)
        throw conflict(codes.emailTaken, 'An account with this e-mail address exists.');
      const accountId = randomUUID();
      await run(
        accountId,
        {
          type: 'OpenAccount',
          data: {
            accountId,
            email: input.email,
            language: input.language,
            accountType: 'CUSTOMER',
            openedBy: 'staff',
            at: now(),
          },
        },
        actor,
      );
      const changes = {
        ...(input.fullName ? { fullName: input.fullName } : {}),
        ...(input.company ? { company: input.company } : {}),
      };
      const state = Object.keys(changes).length
        ? await run(accountId, { type: 'ChangeProfile', data: { accountId, changes } }, actor)
        : await existing(accountId);
      return toAccountDto(accountId, state);
    },
    async openGuest(email: string, language: Language): Promise<string> {
      const accountId = randomUUID();
      await run(
        accountId,
        {
          type: 'OpenAccount',
          data: { accountId, email, language, accountType: 'GUEST', openedBy: 'guest', at: now() },
        },
        'guest',
      );
      return accountId;
    },
    async byStaff(accountId: string): Promise<AccountState> {
      return existing(accountId);
    },

    async linkIdentity(
      principal: Principal | null,
      identity: { provider: string; userId: string },
    ): Promise<AccountState> {
      const accountId = customerAccount(principal);
      await opened(accountId, null, principal!.subject);
      return run(
        accountId,
        { type: 'LinkIdentity', data: { accountId, identity, at: now() } },
        principal!.subject,
      );
    },
    async unlinkIdentity(
      principal: Principal | null,
      identity: { provider: string; userId: string },
    ): Promise<AccountState> {
      const accountId = customerAccount(principal);
      const signedInAs = { provider: principal!.issuer ?? embeddedProviderName, userId: principal!.subject };
      return run(
        accountId,
        { type: 'UnlinkIdentity', data: { accountId, identity, signedInAs, at: now() } },
        principal!.subject,
      );
    },
    customerAccount,
  };
}
