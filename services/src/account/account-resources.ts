import type { AccountResources } from '../basket';
import type { AccountService } from './account-service';

/** What the basket may refer to, answered from the account's own stream (never behind). Keycards and
 * payment details are not the account context's: they come with their own contexts. */
export function accountResourcesOf(
  accounts: AccountService,
  others: Pick<AccountResources, 'keycards' | 'paymentDetails'>,
): AccountResources {
  return {
    async persons(accountId, personIds) {
      const wanted = new Set(personIds);
      const state = await accounts.load(accountId);
      return new Map(
        state.persons
          .filter((person) => wanted.has(person.personId))
          .map((person) => [person.personId, { personId: person.personId, birthdate: person.birthdate }]),
      );
    },
    async addresses(accountId, addressIds) {
      const wanted = new Set(addressIds);
      const state = await accounts.load(accountId);
      return new Set(state.addresses.map((address) => address.addressId).filter((id) => wanted.has(id)));
    },
    keycards: others.keycards,
    paymentDetails: others.paymentDetails,
  };
}

/** "First Last" of an account's persons: the names personalised tickets carry (ticket area's HolderNames). */
export const personNamesOf =
  (accounts: AccountService) =>
  async (accountId: string, personIds: number[]): Promise<Map<number, string>> => {
    const wanted = new Set(personIds);
    const state = await accounts.load(accountId);
    return new Map(
      state.persons
        .filter((person) => wanted.has(person.personId))
        .map(
          (person) =>
            [person.personId, [person.firstName, person.lastName].filter(Boolean).join(' ')] as const,
        )
        .filter(([, name]) => name !== ''),
    );
  };
