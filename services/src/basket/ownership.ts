import { basketErrorCodes, type ItemAllocation, type Personalization } from '@alpenpass/contracts';
import { notFound } from '../platform/domain-error';
import type { AccountResources } from './account-resources';
import type { KeycardFacts, PersonFacts } from './entry-facts';
import { personIdsOf } from './sale-rules';

/** Ids a caller puts on a basket or order that must belong to its account. */
export interface NamedIds {
  addressIds?: number[];
  paymentDetailIds?: number[];
}

const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];

function firstMissing(ids: number[], owned: { has(id: number): boolean }): number | undefined {
  return ids.find((id) => !owned.has(id));
}

/**
 * Checks that every named address and payment detail exists and belongs to the account (a guest's
 * basket owns nothing); the first that does not answers 404, like an id that does not exist, so ids
 * of other accounts cannot be probed. Persons and keycards are judged by the naming rules
 * (personalization-rules.ts) on the facts `ownedNames` reads.
 */
export async function checkOwnership(
  resources: AccountResources,
  accountId: string | null,
  named: NamedIds,
): Promise<void> {
  const addressIds = unique(named.addressIds);
  const paymentDetailIds = unique(named.paymentDetailIds);
  const [addresses, paymentDetails] = await Promise.all([
    addressIds.length && accountId ? resources.addresses(accountId, addressIds) : new Set<number>(),
    paymentDetailIds.length && accountId
      ? resources.paymentDetails(accountId, paymentDetailIds)
      : new Set<number>(),
  ]);
  const address = firstMissing(addressIds, addresses);
  if (address !== undefined)
    throw notFound(basketErrorCodes.addressNotFound, `Address ${address} not found.`);
  const paymentDetail = firstMissing(paymentDetailIds, paymentDetails);
  if (paymentDetail !== undefined)
    throw notFound(basketErrorCodes.paymentDetailNotFound, `Payment detail ${paymentDetail} not found.`);
}

/** Where items name persons and keycards: person-type lists and personalizations. */
export interface NamingSources {
  allocation?: ItemAllocation;
  personalization?: Personalization | null;
}

/** The persons and keycards among those named that the account owns, with the cards' persons (a
 * guest owns none). */
export async function ownedNames(
  resources: AccountResources,
  accountId: string | null,
  items: NamingSources[],
): Promise<{ persons: Map<number, PersonFacts>; keycards: Map<number, KeycardFacts> }> {
  const personIds = unique(
    items.flatMap((item) => [
      ...(item.allocation ? personIdsOf(item.allocation) : []),
      ...(item.personalization?.personId != null ? [item.personalization.personId] : []),
    ]),
  );
  const keycardIds = unique(
    items.flatMap((item) =>
      item.personalization?.keycardId != null ? [item.personalization.keycardId] : [],
    ),
  );
  const keycards =
    keycardIds.length && accountId
      ? await resources.keycards(accountId, keycardIds)
      : new Map<number, KeycardFacts>();
  // a card's person is judged too (their age), also where the card is named without them
  const withHolders = unique([
    ...personIds,
    ...[...keycards.values()].flatMap((card) => (card.personId === null ? [] : [card.personId])),
  ]);
  const persons =
    withHolders.length && accountId
      ? await resources.persons(accountId, withHolders)
      : new Map<number, PersonFacts>();
  return { persons, keycards };
}
