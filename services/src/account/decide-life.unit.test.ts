import type { AccountEvent } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { evolveAccount, initialAccountState } from './account';
import { decideAccountLife, type AccountLifeCommand } from './decide-life';

const accountId = 'acc-1';
const at = '2030-12-01T10:00:00.000Z';
const day = 24 * 3600_000;
const given = (...events: AccountEvent[]) => events.reduce(evolveAccount, initialAccountState());
const opened: AccountEvent = {
  type: 'AccountOpened',
  data: {
    accountId,
    email: 'alice@example.ch',
    language: 'fr',
    accountType: 'CUSTOMER',
    openedBy: 'self',
    at,
  },
};
const deletionRequested: AccountEvent = {
  type: 'AccountDeletionRequested',
  data: { accountId, at, deleteAfter: '2030-12-31T10:00:00.000Z' },
};
const erased: AccountEvent = { type: 'AccountErased', data: { accountId, at: '2030-12-31T10:00:00.000Z' } };
const owner: AccountEvent = {
  type: 'PersonAdded',
  data: {
    accountId,
    personId: 1,
    firstName: 'Alice',
    lastName: 'Alpin',
    birthdate: '1990-04-01',
    gender: null,
    phone: null,
    owner: true,
  },
};
const when = (command: AccountLifeCommand, ...events: AccountEvent[]) =>
  decideAccountLife(command, given(...events).life);

function refusal(command: AccountLifeCommand, ...events: AccountEvent[]): DomainError {
  try {
    when(command, ...events);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('opening and the profile', () => {
  it('opens an account once', () => {
    const open: AccountLifeCommand = {
      type: 'OpenAccount',
      data: {
        accountId,
        email: 'alice@example.ch',
        language: 'fr',
        accountType: 'CUSTOMER',
        openedBy: 'self',
        at,
      },
    };
    expect(when(open)).toEqual([opened]);
    expect(when(open, opened)).toEqual([]);
  });

  it('records only the profile fields that changed', () => {
    const change: AccountLifeCommand = {
      type: 'ChangeProfile',
      data: {
        accountId,
        changes: { language: 'fr', company: 'Bergbahnen AG', metaInformation: { acceptedNewsletter: true } },
      },
    };
    expect(when(change, opened)).toEqual([
      {
        type: 'AccountProfileChanged',
        data: { accountId, company: 'Bergbahnen AG', metaInformation: { acceptedNewsletter: true } },
      },
    ]);
    expect(when({ type: 'ChangeProfile', data: { accountId, changes: { language: 'fr' } } }, opened)).toEqual(
      [],
    );
  });
});

describe('deletion with a grace period (§4)', () => {
  it('sets deleteAfter to the end of the grace period, once', () => {
    const request: AccountLifeCommand = {
      type: 'RequestDeletion',
      data: { accountId, at, gracePeriodMs: 30 * day },
    };
    expect(when(request, opened)).toEqual([deletionRequested]);
    expect(
      when(
        { ...request, data: { ...request.data, at: '2030-12-05T10:00:00.000Z' } },
        opened,
        deletionRequested,
      ),
    ).toEqual([]);
  });

  it('aborts a requested deletion, and refuses to abort none', () => {
    expect(when({ type: 'AbortDeletion', data: { accountId, at } }, opened, deletionRequested)).toEqual([
      { type: 'AccountDeletionAborted', data: { accountId, at } },
    ]);
    expect(refusal({ type: 'AbortDeletion', data: { accountId, at } }, opened)).toMatchObject({
      kind: 'conflict',
      code: 'ACCOUNT_DELETION_NOT_REQUESTED',
    });
  });

  it('erases only when the grace period is over and the deletion was not aborted', () => {
    const erase = (time: string): AccountLifeCommand => ({
      type: 'EraseAccount',
      data: { accountId, at: time },
    });
    expect(refusal(erase('2030-12-30T10:00:00.000Z'), opened, deletionRequested)).toMatchObject({
      code: 'ACCOUNT_DELETION_PENDING',
    });
    expect(
      refusal(erase('2031-01-01T00:00:00.000Z'), opened, deletionRequested, {
        type: 'AccountDeletionAborted',
        data: { accountId, at },
      }),
    ).toMatchObject({ code: 'ACCOUNT_DELETION_NOT_REQUESTED' });
    expect(when(erase('2030-12-31T10:00:00.000Z'), opened, deletionRequested)).toEqual([erased]);
  });

  it('keeps nothing personal once erased, refuses every other command, and erases once', () => {
    const state = given(opened, owner, deletionRequested, erased);
    expect(state.persons).toEqual([]);
    expect(state.life.profile.email).toBeNull();
    expect(state.life.deletedAt).toBe(erased.data.at);
    expect(
      refusal(
        { type: 'ChangeProfile', data: { accountId, changes: { company: 'X' } } },
        opened,
        deletionRequested,
        erased,
      ),
    ).toMatchObject({
      code: 'ACCOUNT_DELETED',
      message: 'Account should not be accessible if deleted',
    });
    expect(
      when(
        { type: 'EraseAccount', data: { accountId, at: '2031-02-01T00:00:00.000Z' } },
        opened,
        deletionRequested,
        erased,
      ),
    ).toEqual([]);
  });
});

describe('blocking', () => {
  it('blocks and unblocks, each only when it changes something', () => {
    const blocked: AccountEvent = { type: 'AccountBlocked', data: { accountId, at } };
    expect(when({ type: 'BlockAccount', data: { accountId, at } }, opened)).toEqual([blocked]);
    expect(when({ type: 'BlockAccount', data: { accountId, at } }, opened, blocked)).toEqual([]);
    expect(when({ type: 'UnblockAccount', data: { accountId, at } }, opened, blocked)).toEqual([
      { type: 'AccountUnblocked', data: { accountId, at } },
    ]);
    expect(when({ type: 'UnblockAccount', data: { accountId, at } }, opened)).toEqual([]);
  });
});

describe('linked identities', () => {
  const outside = { provider: 'https://login.example.com/', userId: 'auth0|42' };
  const linked: AccountEvent = { type: 'IdentityLinked', data: { accountId, ...outside, at } };
  const me = { provider: 'embedded', userId: 'u-1' };

  it('links an identity once', () => {
    expect(when({ type: 'LinkIdentity', data: { accountId, identity: outside, at } }, opened)).toEqual([
      linked,
    ]);
    expect(
      when({ type: 'LinkIdentity', data: { accountId, identity: outside, at } }, opened, linked),
    ).toEqual([]);
  });

  it('unlinks a linked identity, but not the one signed in with, nor an unknown one', () => {
    expect(
      when(
        { type: 'UnlinkIdentity', data: { accountId, identity: outside, signedInAs: me, at } },
        opened,
        linked,
      ),
    ).toEqual([{ type: 'IdentityUnlinked', data: { accountId, ...outside, at } }]);
    expect(
      refusal(
        { type: 'UnlinkIdentity', data: { accountId, identity: outside, signedInAs: outside, at } },
        opened,
        linked,
      ),
    ).toMatchObject({ code: 'LAST_IDENTITY' });
    expect(
      refusal(
        { type: 'UnlinkIdentity', data: { accountId, identity: me, signedInAs: outside, at } },
        opened,
        linked,
      ),
    ).toMatchObject({ kind: 'not_found', code: 'IDENTITY_NOT_LINKED' });
  });
});
