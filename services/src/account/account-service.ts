import {
  accountErrorCodes,
  accountStreamName,
  deployedOwnerFieldRules,
  type AddressChanges,
  type AddressDto,
  type AddressInput,
  type AddressRecord,
  type PersonDto,
  type PersonFieldRules,
  type PersonInput,
  type PersonRecord,
} from '@alpenpass/contracts';
import type { Knex } from 'knex';
import type { Principal } from '../platform/auth/principal';
import { forbidden, notFound } from '../platform/domain-error';
import { handleCommand, loadStreamState } from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import { accountFolder, ownerOf, type AccountState } from './account';
import { decideAccount, type AccountCommand } from './decide';
import { checkedAvatar, personAvatarStore } from './person-avatars';
import type { ReceivedFile } from '../platform/http/upload';

export interface AccountServiceDeps {
  store: EventStore;
  knex: Knex;
  /** the persons' field rules from the environment; the owner's are the deployed ones (§5) */
  personFieldRules: PersonFieldRules;
}

const photoNotFound = () => notFound(accountErrorCodes.avatarNotFound, 'The person has no photo.');

export interface AccountCaller {
  principal: Principal | null;
  correlationId: string;
}

export type AccountService = ReturnType<typeof createAccountService>;

export const toPersonDto = (person: PersonRecord): PersonDto => ({
  id: person.personId,
  firstName: person.firstName,
  lastName: person.lastName,
  birthdate: person.birthdate,
  gender: person.gender,
  phone: person.phone,
  owner: person.owner,
  // the photo's address for its owner (a bearer call); the digest makes each new photo a new address
  avatar: person.avatar
    ? `/api/users/persons/${person.personId}/avatar?v=${person.avatar.sha256.slice(0, 16)}`
    : null,
});

export const toAddressDto = ({ addressId, ...address }: AddressRecord): AddressDto => ({
  id: addressId,
  ...address,
});

/** The signed-in customer's account id: the only account a customer's calls ever reach. */
function accountOf(caller: AccountCaller): string {
  const accountId = caller.principal?.accountId;
  if (!accountId) throw forbidden(accountErrorCodes.accountRequired, 'These calls need a customer account.');
  return accountId;
}

export function createAccountService(deps: AccountServiceDeps) {
  const avatars = personAvatarStore(deps.knex);
  const load = async (accountId: string): Promise<AccountState> =>
    (await loadStreamState(deps.store, accountStreamName(accountId), accountFolder)).state;

  async function run(
    caller: AccountCaller,
    command: (accountId: string) => AccountCommand,
  ): Promise<AccountState> {
    const accountId = accountOf(caller);
    const outcome = await handleCommand(
      deps.store,
      accountStreamName(accountId),
      accountFolder,
      (state) => decideAccount(command(accountId), state),
      eventMetadataOf(caller),
    );
    return outcome.newState;
  }

  const nextId = async (sequence: 'account_person_id_seq' | 'account_address_id_seq'): Promise<number> => {
    const { rows } = await deps.knex.raw<{ rows: { id: string }[] }>(`select nextval('${sequence}') as id`);
    return Number(rows[0]!.id);
  };

  const person = (state: AccountState, personId: number) => {
    const found = state.persons.find((candidate) => candidate.personId === personId);
    if (!found) throw notFound(accountErrorCodes.personNotFound, `Person ${personId} not found.`);
    return toPersonDto(found);
  };
  const address = (state: AccountState, addressId: number) => {
    const found = state.addresses.find((candidate) => candidate.addressId === addressId);
    if (!found) throw notFound(accountErrorCodes.addressNotFound, `Address ${addressId} not found.`);
    return toAddressDto(found);
  };

  return {
    load,

    async persons(caller: AccountCaller): Promise<PersonDto[]> {
      return (await load(accountOf(caller))).persons.map(toPersonDto);
    },
    async person(caller: AccountCaller, personId: number): Promise<PersonDto> {
      return person(await load(accountOf(caller)), personId);
    },
    async owner(caller: AccountCaller): Promise<PersonDto> {
      const owner = ownerOf(await load(accountOf(caller)));
      if (!owner) throw notFound(accountErrorCodes.ownerNotFound, 'The account has no owner yet.');
      return toPersonDto(owner);
    },
    async addPerson(caller: AccountCaller, input: PersonInput, owner = false): Promise<PersonDto> {
      accountOf(caller);
      const personId = await nextId('account_person_id_seq');
      const rules = owner ? deployedOwnerFieldRules : deps.personFieldRules;
      return person(
        await run(caller, (accountId) => ({
          type: 'AddPerson',
          data: { accountId, personId, person: input, owner, rules },
        })),
        personId,
      );
    },
    async changePerson(
      caller: AccountCaller,
      personId: number | 'owner',
      changes: PersonInput,
    ): Promise<PersonDto> {
      const state = await load(accountOf(caller));
      const target =
        personId === 'owner'
          ? ownerOf(state)
          : state.persons.find((candidate) => candidate.personId === personId);
      const rules = target?.owner ? deployedOwnerFieldRules : deps.personFieldRules;
      const changed = await run(caller, (accountId) => ({
        type: 'ChangePerson',
        data: { accountId, personId, changes, rules },
      }));
      return person(changed, target?.personId ?? -1);
    },
    async removePerson(caller: AccountCaller, personId: number): Promise<void> {
      await run(caller, (accountId) => ({ type: 'RemovePerson', data: { accountId, personId } }));
      await avatars.keepOnly(accountOf(caller), personId, null);
    },

    /** A person's photo (docs/account.md, "Photos"): the bytes are stored first, then the person names them. */
    async changeAvatar(
      caller: AccountCaller,
      personId: number,
      file: ReceivedFile | undefined,
    ): Promise<PersonDto> {
      const accountId = accountOf(caller);
      const state = await load(accountId);
      const rules = person(state, personId).owner ? deployedOwnerFieldRules : deps.personFieldRules;
      const { avatar, content } = await checkedAvatar(file);
      const command: AccountCommand = { type: 'ChangeAvatar', data: { accountId, personId, avatar, rules } };
      // decided once before the bytes are kept, so that a refused photo (avatar disabled) stores nothing
      decideAccount(command, state);
      await avatars.save(accountId, personId, avatar, content);
      const changed = await run(caller, () => command);
      await avatars.keepOnly(accountId, personId, avatar.sha256);
      return person(changed, personId);
    },
    async removeAvatar(caller: AccountCaller, personId: number): Promise<void> {
      const accountId = accountOf(caller);
      const target = (await load(accountId)).persons.find((candidate) => candidate.personId === personId);
      const rules = target?.owner ? deployedOwnerFieldRules : deps.personFieldRules;
      await run(caller, () => ({ type: 'ChangeAvatar', data: { accountId, personId, avatar: null, rules } }));
      await avatars.keepOnly(accountId, personId, null);
    },
    /** the photo's bytes, for the account's own customer only */
    async avatar(caller: AccountCaller, personId: number): Promise<{ mimetype: string; content: Buffer }> {
      const accountId = accountOf(caller);
      const found = (await load(accountId)).persons.find((candidate) => candidate.personId === personId);
      if (!found) throw notFound(accountErrorCodes.personNotFound, `Person ${personId} not found.`);
      const content = found.avatar ? await avatars.content(accountId, personId, found.avatar.sha256) : null;
      if (!found.avatar || !content) throw photoNotFound();
      return { mimetype: found.avatar.mimetype, content };
    },

    async addresses(caller: AccountCaller): Promise<AddressDto[]> {
      return (await load(accountOf(caller))).addresses.map(toAddressDto);
    },
    async address(caller: AccountCaller, addressId: number): Promise<AddressDto> {
      return address(await load(accountOf(caller)), addressId);
    },
    async addAddress(caller: AccountCaller, input: AddressInput): Promise<AddressDto> {
      accountOf(caller);
      const addressId = await nextId('account_address_id_seq');
      return address(
        await run(caller, (accountId) => ({
          type: 'AddAddress',
          data: { accountId, addressId, address: input },
        })),
        addressId,
      );
    },
    async changeAddress(
      caller: AccountCaller,
      addressId: number,
      changes: AddressChanges,
    ): Promise<AddressDto> {
      return address(
        await run(caller, (accountId) => ({
          type: 'ChangeAddress',
          data: { accountId, addressId, changes },
        })),
        addressId,
      );
    },
    async removeAddress(caller: AccountCaller, addressId: number): Promise<void> {
      await run(caller, (accountId) => ({ type: 'RemoveAddress', data: { accountId, addressId } }));
    },
  };
}
