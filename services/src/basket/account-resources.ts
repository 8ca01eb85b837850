import type { KeycardFacts, PersonFacts } from './entry-facts';

/**
 * What a customer's account owns, as far as a basket may refer to it: persons, addresses, keycards
 * and payment details (vouchers). Each call answers only the ids that exist and belong to the
 * account; anything else is refused with a 404 (docs/basket.md, "Ownership of ids"). A guest's
 * basket has no account and owns nothing.
 */
export interface AccountResources {
  persons(accountId: string, personIds: number[]): Promise<Map<number, PersonFacts>>;
  addresses(accountId: string, addressIds: number[]): Promise<Set<number>>;
  /** the account's keycards with the person each belongs to, its system (type) and status */
  keycards(accountId: string, keycardIds: number[]): Promise<Map<number, KeycardFacts>>;
  paymentDetails(accountId: string, paymentDetailIds: number[]): Promise<Set<number>>;
}

/**
 * Until the accounts, keycards and payments contexts exist, no account owns any of these: every id
 * a caller names is unknown. Those contexts replace this with their read models.
 */
export const noAccountResources: AccountResources = {
  persons: async () => new Map(),
  addresses: async () => new Set(),
  keycards: async () => new Map(),
  paymentDetails: async () => new Set(),
};
