import {
  accountProfileErrorCodes as codes,
  deletedAccountMessage,
  type AccountLifecycleEvent,
  type AccountProfileChanges,
  type AccountType,
  type Language,
} from '@alpenpass/contracts';
import { conflict, notFound } from '../platform/domain-error';
import type { AccountLife } from './account-life';

type Identity = { provider: string; userId: string };

export type AccountLifeCommand =
  | {
      type: 'OpenAccount';
      data: {
        accountId: string;
        email: string | null;
        language: Language;
        accountType: AccountType;
        openedBy: 'self' | 'staff' | 'guest';
        at: string;
      };
    }
  | { type: 'ChangeProfile'; data: { accountId: string; changes: AccountProfileChanges } }
  | { type: 'RequestDeletion'; data: { accountId: string; at: string; gracePeriodMs: number } }
  | { type: 'AbortDeletion'; data: { accountId: string; at: string } }
  | { type: 'EraseAccount'; data: { accountId: string; at: string } }
  | { type: 'BlockAccount'; data: { accountId: string; at: string } }
  | { type: 'UnblockAccount'; data: { accountId: string; at: string } }
  | { type: 'LinkIdentity'; data: { accountId: string; identity: Identity; at: string } }
  | {
      type: 'UnlinkIdentity';
      data: { accountId: string; identity: Identity; signedInAs: Identity; at: string };
    };

export const accountDeleted = () => notFound(codes.accountDeleted, deletedAccountMessage);
const sameIdentity = (a: Identity, b: Identity) => a.provider === b.provider && a.userId === b.userId;

function changedProfileFields(life: AccountLife, changes: AccountProfileChanges): AccountProfileChanges {
  const current = life.profile as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([field, value]) => value !== undefined && JSON.stringify(current[field]) !== JSON.stringify(value),
    ),
  );
}

/**
 * Decides a command on an account's profile and life. Pure: the time comes in the command. An erased
 * account takes no command but a repeated erasure (which changes nothing).
 */
export function decideAccountLife(command: AccountLifeCommand, life: AccountLife): AccountLifecycleEvent[] {
  const { accountId } = command.data;
  if (life.deletedAt) {
    if (command.type === 'EraseAccount') return [];
    throw accountDeleted();
  }
  switch (command.type) {
    case 'OpenAccount': {
      if (life.opened) return [];
      const { email, language, accountType, openedBy, at } = command.data;
      return [{ type: 'AccountOpened', data: { accountId, email, language, accountType, openedBy, at } }];
    }
    case 'ChangeProfile': {
      const changed = changedProfileFields(life, command.data.changes);
      return Object.keys(changed).length
        ? [{ type: 'AccountProfileChanged', data: { accountId, ...changed } }]
        : [];
    }
    case 'RequestDeletion': {
      // asking again keeps the first date: the grace period is not pushed back by a second click
      if (life.deleteAfter) return [];
      const deleteAfter = new Date(Date.parse(command.data.at) + command.data.gracePeriodMs).toISOString();
      return [{ type: 'AccountDeletionRequested', data: { accountId, at: command.data.at, deleteAfter } }];
    }
    case 'AbortDeletion':
      if (!life.deleteAfter) throw conflict(codes.deletionNotRequested, 'The account is not to be deleted.');
      return [{ type: 'AccountDeletionAborted', data: { accountId, at: command.data.at } }];
    case 'EraseAccount':
      if (!life.deleteAfter)
        throw conflict(codes.deletionNotRequested, 'The deletion was aborted: the account stays.');
      if (Date.parse(command.data.at) < Date.parse(life.deleteAfter))
        throw conflict(codes.deletionPending, `The account is erased after ${life.deleteAfter}.`);
      return [{ type: 'AccountErased', data: { accountId, at: command.data.at } }];
    case 'BlockAccount':
      return life.blockedAt ? [] : [{ type: 'AccountBlocked', data: { accountId, at: command.data.at } }];
    case 'UnblockAccount':
      return life.blockedAt ? [{ type: 'AccountUnblocked', data: { accountId, at: command.data.at } }] : [];
    case 'LinkIdentity': {
      const { identity, at } = command.data;
      if (life.identities.some((linked) => sameIdentity(linked, identity))) return [];
      return [{ type: 'IdentityLinked', data: { accountId, ...identity, at } }];
    }
    case 'UnlinkIdentity': {
      const { identity, signedInAs, at } = command.data;
      if (!life.identities.some((linked) => sameIdentity(linked, identity)))
        throw notFound(codes.identityNotLinked, 'This identity is not linked to the account.');
      if (sameIdentity(identity, signedInAs))
        throw conflict(
          codes.lastIdentity,
          'Sign in with another identity of the account to unlink this one.',
        );
      return [{ type: 'IdentityUnlinked', data: { accountId, ...identity, at } }];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
