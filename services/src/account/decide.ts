import {
  accountErrorCodes as codes,
  type AccountEvent,
  type AddressChanges,
  type AddressInput,
  type PersonAvatar,
  type PersonFieldRules,
  type PersonInput,
  type PersonRecord,
} from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import { ownerOf, type AccountState } from './account';
import { checkPersonFields } from './person-fields';

export type AccountCommand =
  | {
      type: 'AddPerson';
      data: {
        accountId: string;
        personId: number;
        person: PersonInput;
        owner: boolean;
        rules: PersonFieldRules;
      };
    }
  | {
      type: 'ChangePerson';
      data: { accountId: string; personId: number | 'owner'; changes: PersonInput; rules: PersonFieldRules };
    }
  | { type: 'RemovePerson'; data: { accountId: string; personId: number } }
  /** a photo uploaded (its bytes stored already) or taken away (null) */
  | {
      type: 'ChangeAvatar';
      data: {
        accountId: string;
        personId: number | 'owner';
        avatar: PersonAvatar | null;
        rules: PersonFieldRules;
      };
    }
  | { type: 'AddAddress'; data: { accountId: string; addressId: number; address: AddressInput } }
  | { type: 'ChangeAddress'; data: { accountId: string; addressId: number; changes: AddressChanges } }
  | { type: 'RemoveAddress'; data: { accountId: string; addressId: number } };

const personNotFound = (personId: number) => notFound(codes.personNotFound, `Person ${personId} not found.`);
const addressNotFound = (addressId: number) =>
  notFound(codes.addressNotFound, `Address ${addressId} not found.`);

function findPerson(state: AccountState, personId: number | 'owner'): PersonRecord {
  const person =
    personId === 'owner'
      ? ownerOf(state)
      : state.persons.find((candidate) => candidate.personId === personId);
  if (person) return person;
  throw personId === 'owner'
    ? notFound(codes.ownerNotFound, 'The account has no owner yet.')
    : personNotFound(personId);
}

function findAddress(state: AccountState, addressId: number) {
  const address = state.addresses.find((candidate) => candidate.addressId === addressId);
  if (!address) throw addressNotFound(addressId);
  return address;
}

const withoutUnchanged = <T extends object>(current: T, changes: Partial<T>): Partial<T> =>
  Object.fromEntries(
    Object.entries(changes).filter(
      ([field, value]) =>
        value !== undefined && JSON.stringify(current[field as keyof T]) !== JSON.stringify(value),
    ),
  ) as Partial<T>;

/** Decides a command on one customer account's persons and addresses. The service has checked that
 * the caller is this account (a customer only ever reaches their own stream). */
export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'AddPerson': {
      const { accountId, personId, person, owner, rules } = command.data;
      if (state.persons.some((candidate) => candidate.personId === personId)) return [];
      if (owner && ownerOf(state))
        throw conflict(codes.ownerExists, 'The account has an owner already: change it instead.');
      checkPersonFields(rules, person, person);
      const record: PersonRecord = {
        personId,
        firstName: person.firstName ?? null,
        lastName: person.lastName ?? null,
        birthdate: person.birthdate ?? null,
        gender: person.gender ?? null,
        phone: person.phone ?? null,
        owner,
      };
      return [{ type: 'PersonAdded', data: { accountId, ...record } }];
    }
    case 'ChangePerson': {
      const { accountId, changes, rules } = command.data;
      const person = findPerson(state, command.data.personId);
      checkPersonFields(rules, changes, {
        ...person,
        ...withoutUnchanged(person, changes as Partial<PersonRecord>),
      });
      const changed = withoutUnchanged(person, changes as Partial<PersonRecord>);
      if (Object.keys(changed).length === 0) return [];
      return [{ type: 'PersonChanged', data: { accountId, personId: person.personId, ...changed } }];
    }
    case 'RemovePerson': {
      const person = findPerson(state, command.data.personId);
      if (person.owner) throw conflict(codes.ownerNotDeletable, 'The owner of an account cannot be deleted.');
      return [
        { type: 'PersonRemoved', data: { accountId: command.data.accountId, personId: person.personId } },
      ];
    }
    case 'ChangeAvatar': {
      const { accountId, avatar, rules } = command.data;
      const person = findPerson(state, command.data.personId);
      if (avatar && rules.disabled.includes('avatar'))
        throw invalid(codes.fieldDisabled, 'The field avatar is not used here.', 'body.avatar');
      if (!avatar && rules.required.includes('avatar'))
        throw invalid(codes.fieldRequired, 'The field avatar is required.', 'body.avatar');
      if ((person.avatar?.sha256 ?? null) === (avatar?.sha256 ?? null)) return [];
      return [{ type: 'PersonChanged', data: { accountId, personId: person.personId, avatar } }];
    }
    case 'AddAddress': {
      const { accountId, addressId, address } = command.data;
      if (state.addresses.some((candidate) => candidate.addressId === addressId)) return [];
      return [{ type: 'AddressAdded', data: { accountId, addressId, ...address } }];
    }
    case 'ChangeAddress': {
      const address = findAddress(state, command.data.addressId);
      const changed = withoutUnchanged(address, command.data.changes);
      if (Object.keys(changed).length === 0) return [];
      return [
        {
          type: 'AddressChanged',
          data: { accountId: command.data.accountId, addressId: address.addressId, ...changed },
        },
      ];
    }
    case 'RemoveAddress': {
      const address = findAddress(state, command.data.addressId);
      return [
        { type: 'AddressRemoved', data: { accountId: command.data.accountId, addressId: address.addressId } },
      ];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
