import type { AccountEvent, AddressRecord, PersonRecord } from '@alpenpass/contracts';
import { evolveLife, initialLife, isLifeEvent, type AccountLife } from './account-life';

/** A customer account (stream account-<accountId>): its profile and life (account-life.ts), its
 * persons and addresses. */
export interface AccountState {
  accountId: string | null;
  persons: PersonRecord[];
  addresses: AddressRecord[];
  life: AccountLife;
}

export const initialAccountState = (): AccountState => ({
  accountId: null,
  persons: [],
  addresses: [],
  life: initialLife(),
});

const defined = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  const accountId = event.data.accountId;
  if (isLifeEvent(event)) {
    const life = evolveLife(state.life, event);
    // erasure keeps the account's id and its life, nothing personal
    return event.type === 'AccountErased'
      ? { ...state, accountId, life, persons: [], addresses: [] }
      : { ...state, accountId, life };
  }
  switch (event.type) {
    case 'PersonAdded': {
      const { accountId: _account, ...person } = event.data;
      return { ...state, accountId, persons: [...state.persons, person] };
    }
    case 'PersonChanged': {
      const { accountId: _account, personId, ...changes } = event.data;
      return {
        ...state,
        persons: state.persons.map((person) =>
          person.personId === personId ? { ...person, ...defined(changes) } : person,
        ),
      };
    }
    case 'PersonRemoved':
      return { ...state, persons: state.persons.filter((person) => person.personId !== event.data.personId) };
    case 'AddressAdded': {
      const { accountId: _account, ...address } = event.data;
      return { ...state, accountId, addresses: [...state.addresses, address] };
    }
    case 'AddressChanged': {
      const { accountId: _account, addressId, ...changes } = event.data;
      return {
        ...state,
        addresses: state.addresses.map((address) =>
          address.addressId === addressId ? { ...address, ...defined(changes) } : address,
        ),
      };
    }
    case 'AddressRemoved':
      return {
        ...state,
        addresses: state.addresses.filter((address) => address.addressId !== event.data.addressId),
      };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export const accountFolder = { initialState: initialAccountState, evolve: evolveAccount };

export const ownerOf = (state: AccountState) => state.persons.find((person) => person.owner);
