import { basketErrorCodes, keycardErrorCodes, mediaOfKeycardType, type ItemAllocation, type KeycardType, type Medium } from '@alpenpass/contracts';
import { invalid, notFound } from '../platform/domain-error';
import type { AccountResources } from './account-resources';
import type { PersonFacts } from './entry-facts';

/** Ids a caller puts on a basket that must belong to the basket's account. */
export interface NamedIds {
  personIds?: number[];
  addressIds?: number[];
  keycardIds?: number[];
  paymentDetailIds?: number[];
  /** a keycard personalised together with a person must be that person's */
  keycardOfPerson?: { keycardId: number; personId: number };
  /** a keycard personalised onto a medium must be a card of that medium's system */
  keycardOnMedium?: { keycardId: number; medium: Medium | null };
}

const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];

function firstMissing(ids: number[], owned: { has(id: number): boolean }): number | undefined {
  return ids.find((id) => !owned.has(id));
}

/**
 * Checks that every named id exists and belongs to the basket's account (a guest's basket owns
 * nothing); the first that does not answers 404, like an id that does not exist, so ids of other
 * accounts cannot be probed. Answers the named persons' facts for the sale rules.
 */
export async function checkOwnership(resources: AccountResources, accountId: string | null, named: NamedIds): Promise<Map<number, PersonFacts>> {
  const personIds = unique(named.personIds);
  const addressIds = unique(named.addressIds);
  const keycardIds = unique(named.keycardIds);
  const paymentDetailIds = unique(named.paymentDetailIds);
  const none = <T>(empty: T) => Promise.resolve(empty);
  const [persons, addresses, keycards, paymentDetails] = await Promise.all([
    personIds.length && accountId ? resources.persons(accountId, personIds) : none(new Map<number, PersonFacts>()),
    addressIds.length && accountId ? resources.addresses(accountId, addressIds) : none(new Set<number>()),
    keycardIds.length && accountId ? resources.keycards(accountId, keycardIds) : none(new Map<number, { personId: number | null; type?: KeycardType }>()),
    paymentDetailIds.length && accountId ? resources.paymentDetails(accountId, paymentDetailIds) : none(new Set<number>()),
  ]);
  const person = firstMissing(personIds, persons);
  if (person !== undefined) throw notFound(basketErrorCodes.personNotFound, `Person ${person} not found.`);
  const address = firstMissing(addressIds, addresses);
  if (address !== undefined) throw notFound(basketErrorCodes.addressNotFound, `Address ${address} not found.`);
  const keycard = firstMissing(keycardIds, keycards);
  if (keycard !== undefined) throw notFound(basketErrorCodes.keycardNotFound, `Keycard ${keycard} not found.`);
  const paymentDetail = firstMissing(paymentDetailIds, paymentDetails);
  if (paymentDetail !== undefined) throw notFound(basketErrorCodes.paymentDetailNotFound, `Payment detail ${paymentDetail} not found.`);
  const pair = named.keycardOfPerson;
  if (pair && keycards.get(pair.keycardId)?.personId !== pair.personId) {
    throw invalid(basketErrorCodes.keycardNotOfPerson, `Keycard ${pair.keycardId} does not belong to person ${pair.personId}.`, 'keycardId');
  }
  const onMedium = named.keycardOnMedium;
  const type = onMedium ? keycards.get(onMedium.keycardId)?.type : undefined;
  if (onMedium && type && (onMedium.medium === null || !mediaOfKeycardType[type].includes(onMedium.medium))) {
    const carried = mediaOfKeycardType[type];
    const fits = carried.length ? `choose the medium ${carried.join(' or ')}` : 'it carries no product';
    const chosen = onMedium.medium === null ? 'no medium was chosen' : `it cannot carry ${onMedium.medium}`;
    throw invalid(keycardErrorCodes.mediumMismatch, `Keycard ${onMedium.keycardId} is a ${type} card and ${chosen}: ${fits}.`, 'keycardId');
  }
  return persons;
}

/** Persons named in entries' person-type lists. */
export function namedPersonIds(allocations: { allocation: ItemAllocation }[]): number[] {
  return allocations.flatMap(({ allocation }) =>
    'personTypes' in allocation ? allocation.personTypes.flatMap((entry) => ('personIds' in entry ? entry.personIds : [])) : [],
  );
}
