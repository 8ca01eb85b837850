import {
  basketErrorCodes as codes,
  keycardErrorCodes,
  mediaOfKeycardType,
  type BasketEntryRecord,
  type ItemAllocation,
  type KeycardType,
  type Personalization,
} from '@alpenpass/contracts';
import { priceDay, type EntryFacts } from './entry-facts';
import { breach, personAgeBreach, personIdsOf, type SaleRuleBreach } from './sale-rules';

/** Something a person is named on: a basket entry (person-type list and personalization) or an order
 * item (personalization only). */
export interface NamedItem {
  id: string;
  productId: number;
  productDefinitionId: number;
  slotId: number | null;
  validity: { from: string; to: string } | null;
  allocation?: ItemAllocation;
  personalization: Personalization | null;
}

export const namedItemOf = (
  entry: BasketEntryRecord & { personalization: Personalization | null },
): NamedItem => ({ ...entry, id: entry.entryId });

/** What naming someone is judged on: the items' products and definitions, and what the account owns
 * among the persons and keycards named (an id missing from the maps is not the account's). */
export type NamingFacts = Pick<EntryFacts, 'products' | 'definitions' | 'persons' | 'keycards' | 'now'>;

const notTheAccounts = (code: string, message: string, field: string): SaleRuleBreach => ({
  ...breach(code, message, field),
  unknownId: true,
});

function keycardMediumBreach(
  keycardId: number,
  type: KeycardType,
  medium: Personalization['medium'],
): SaleRuleBreach | null {
  const carried = mediaOfKeycardType[type];
  if (medium !== null && carried.includes(medium)) return null;
  const fits = carried.length ? `choose the medium ${carried.join(' or ')}` : 'it carries no product';
  const chosen = medium === null ? 'no medium was chosen' : `it cannot carry ${medium}`;
  return breach(
    keycardErrorCodes.mediumMismatch,
    `Keycard ${keycardId} is a ${type} card and ${chosen}: ${fits}.`,
    'keycardId',
  );
}

/**
 * Who may be named on an item, the same at every door (docs/basket.md, "Who may be named on an item"):
 * the person and the keycard are the account's (else 404, like an unknown id), the keycard is ACTIVE,
 * that person's and of a system that carries the chosen medium, the product offers the medium, and the
 * person (or, without one, the card's person) is of the definition's age on the validity's first day.
 * The first breach, or null.
 */
export function personalizationBreach(
  item: Pick<NamedItem, 'productId' | 'productDefinitionId' | 'validity'>,
  personalization: Personalization,
  facts: NamingFacts,
): SaleRuleBreach | null {
  const { personId, medium, keycardId } = personalization;
  const person = personId === null ? undefined : facts.persons.get(personId);
  if (personId !== null && !person)
    return notTheAccounts(codes.personNotFound, `Person ${personId} not found.`, 'personId');
  const keycard = keycardId === null ? undefined : facts.keycards.get(keycardId);
  if (keycardId !== null && !keycard)
    return notTheAccounts(codes.keycardNotFound, `Keycard ${keycardId} not found.`, 'keycardId');
  if (keycardId !== null && personId !== null && keycard?.personId !== personId) {
    return breach(
      codes.keycardNotOfPerson,
      `Keycard ${keycardId} does not belong to person ${personId}.`,
      'keycardId',
    );
  }
  if (keycardId !== null && keycard?.status !== undefined && keycard.status !== 'ACTIVE')
    return breach(
      keycardErrorCodes.notActive,
      `Keycard ${keycardId} is ${keycard.status}: only an active card can carry a pass.`,
      'keycardId',
    );
  const wrongMedium =
    keycardId !== null && keycard?.type ? keycardMediumBreach(keycardId, keycard.type, medium) : null;
  if (wrongMedium) return wrongMedium;
  const product = facts.products.get(item.productId);
  // a product the catalogue no longer knows offers no medium
  if (medium !== null && !product?.media.includes(medium))
    return breach(
      codes.mediumNotOffered,
      `The medium ${medium} is not offered for product ${item.productId}.`,
      'medium',
    );
  const definition = facts.definitions.get(item.productDefinitionId);
  // a card named without a person is worn by the card's person: the pass must fit their age
  const holder = person ?? (keycard?.personId != null ? facts.persons.get(keycard.personId) : undefined);
  const tooYoungOrOld =
    holder && definition && product
      ? personAgeBreach(holder, definition, product, item.validity, facts.now)
      : null;
  return tooYoungOrOld && { ...tooYoungOrOld, field: personId === null ? 'keycardId' : 'personId' };
}

/** The persons an item names: its person-type list and its personalization. */
export function personsNamedOn(item: NamedItem): number[] {
  const personalized = item.personalization?.personId;
  return [
    ...new Set([
      ...(item.allocation ? personIdsOf(item.allocation) : []),
      ...(personalized == null ? [] : [personalized]),
    ]),
  ];
}

/** Items name the same thing when they are of one definition for the same slot, or the same first day
 * in the pool's timezone (which with the definition's duration is the whole validity). */
function occasionOf(item: NamedItem, facts: NamingFacts): string {
  const timezone = facts.products.get(item.productId)?.timezone ?? 'Europe/Zurich';
  const when =
    item.slotId !== null
      ? `slot ${item.slotId}`
      : item.validity
        ? priceDay(item.validity, timezone, facts.now)
        : 'undated';
  return `${item.productDefinitionId} ${when}`;
}

/** A person named on another of `items` for the same definition and day (or slot) would hold two
 * personal passes for one day; another day, another slot or another definition is another purchase. */
export function personNamedElsewhere(
  item: NamedItem,
  personId: number,
  items: NamedItem[],
  facts: NamingFacts,
): SaleRuleBreach | null {
  const occasion = occasionOf(item, facts);
  const other = items.find(
    (candidate) =>
      candidate.id !== item.id &&
      personsNamedOn(candidate).includes(personId) &&
      occasionOf(candidate, facts) === occasion,
  );
  if (!other) return null;
  return breach(
    codes.personNamedTwice,
    `Person ${personId} is named already on another entry of product definition ${item.productDefinitionId} for the same day.`,
    'personId',
  );
}

/** Every item that names a person whom an earlier item of the same definition and day names already. */
export function personsNamedTwice(
  items: NamedItem[],
  facts: NamingFacts,
): { item: NamedItem; breach: SaleRuleBreach }[] {
  return items.flatMap((item, index) => {
    const earlier = items.slice(0, index);
    for (const personId of personsNamedOn(item)) {
      const found = personNamedElsewhere(item, personId, earlier, facts);
      if (found) return [{ item, breach: { ...found, field: 'allocation' } }];
    }
    return [];
  });
}
