import {
  basketErrorCodes,
  ENTRY_NOT_FOUND_MESSAGE,
  MAX_ENTRY_DEPTH,
  type BasketDetails,
  type BasketEntryRecord,
  type BasketEvent,
  type Personalization,
} from '@alpenpass/contracts';
import { conflict, invalid, notFound } from '../platform/domain-error';
import {
  entryDepth,
  entryWithDescendants,
  evolveBasket,
  initialBasketState,
  type BasketState,
  type OpenBasket,
} from './basket';
import { buildEntryRecords, type NewEntry } from './build-entries';
import type { EntryFacts } from './entry-facts';
import {
  namedItemOf,
  personalizationBreach,
  personNamedElsewhere,
  personsNamedTwice,
  type NamingFacts,
} from './personalization-rules';
import { basketPlacesBreach, refusalOf } from './sale-rules';

export type BasketCommand =
  | {
      type: 'CreateBasket';
      data: { basketId: string; accountId: string | null; entries: NewEntry[]; facts: EntryFacts };
    }
  /** `forOrderId`: the checkout of a loose-items order changes the basket it keeps for that order */
  | {
      type: 'AddEntries';
      data: { parentEntryId: string | null; entries: NewEntry[]; facts: EntryFacts; forOrderId?: number };
    }
  | { type: 'RemoveEntries'; data: { entryIds: string[]; forOrderId?: number } }
  /** `facts`: the entry's product and definition, and the named person and keycard as the account owns them */
  | {
      type: 'PersonalizeEntry';
      data: { entryId: string; personalization: Personalization; facts: NamingFacts };
    }
  | { type: 'ChangeBasketDetails'; data: BasketDetails }
  /** `known`: whether the discount context knows the code */
  | { type: 'AddPromoCode'; data: { code: string; known: boolean } }
  | { type: 'RemovePromoCode'; data: { code: string } }
  | { type: 'AddVoucher'; data: { paymentDetailId: number } }
  | { type: 'RemoveVoucher'; data: { paymentDetailId: number } }
  /** the hold's TTL elapsed: the service released the places of these entries, the basket records it
   * (an entry added meanwhile keeps its place: its hold was not released) */
  | { type: 'ExpireHold'; data: { releasedEntryIds: string[] } }
  /** the basket became an order (the checkout placed it) */
  | { type: 'MarkCheckedOut'; data: { orderId: number } }
  /** a guest's basket becomes a signed-in account's: an anonymous one (its id is the capability) or a
   * guest identity's whose token the account proved (docs/account.md, "A guest's basket and orders") */
  | { type: 'HandOverBasket'; data: { accountId: string; fromAccountId: string | null } };

export const entryNotFound = () => notFound(basketErrorCodes.entryNotFound, ENTRY_NOT_FOUND_MESSAGE);

function open(state: BasketState): OpenBasket {
  if (state.status === 'open') return state;
  throw notFound(basketErrorCodes.basketNotFound, 'Basket not found.');
}

/** An open basket that may still change: once checked out, its order holds what it had — except for
 * the order's own checkout changing the items of an unpaid loose-items order (`forOrderId`). */
function changeable(state: BasketState, forOrderId?: number): OpenBasket {
  const basket = open(state);
  if (basket.checkedOutOrderId !== null && basket.checkedOutOrderId !== forOrderId) {
    throw conflict(
      basketErrorCodes.checkedOut,
      `The basket was checked out (order ${basket.checkedOutOrderId}); it cannot change any more.`,
    );
  }
  return basket;
}

function findEntry(state: OpenBasket, entryId: string) {
  const entry = state.entries.find((candidate) => candidate.entryId === entryId);
  if (!entry) throw entryNotFound();
  return entry;
}

/** Entries personalized as they are added (staff's admin orders): each judged by the naming rules. */
function personalizeNew(
  basket: OpenBasket,
  entries: NewEntry[],
  records: BasketEntryRecord[],
  facts: EntryFacts,
): BasketEvent[] {
  return entries.flatMap((entry, index) => {
    const { personalization } = entry;
    const record = records.find((candidate) => candidate.entryId === entry.entryId);
    if (!personalization || !record) return [];
    const found = personalizationBreach(record, personalization, facts);
    if (found) throw refusalOf(found, `entries.${index}.personalization.${found.field}`);
    return [
      {
        type: 'BasketEntryPersonalized',
        data: { basketId: basket.basketId, entryId: entry.entryId, ...personalization },
      },
    ];
  });
}

function addEntries(
  basket: OpenBasket,
  parentEntryId: string | null,
  entries: NewEntry[],
  facts: EntryFacts,
): BasketEvent[] {
  const depth = parentEntryId === null ? 0 : entryDepth(basket, findEntry(basket, parentEntryId).entryId);
  const below = (entry: NewEntry): number => 1 + Math.max(0, ...entry.children.map(below));
  if (entries.some((entry) => depth + below(entry) > MAX_ENTRY_DEPTH)) {
    throw invalid(
      basketErrorCodes.tooDeep,
      `Entries may be nested at most ${MAX_ENTRY_DEPTH} levels deep.`,
      'entries',
    );
  }
  const known = new Set(basket.entries.map((entry) => entry.entryId));
  // a retried decision after the same entries were stored (idempotent per entry id)
  const fresh = entries.filter((entry) => !known.has(entry.entryId));
  if (fresh.length === 0) return [];
  const records = fresh.flatMap((entry, index) =>
    buildEntryRecords(entry, parentEntryId, facts, `entries.${index}`),
  );
  const tooMany = basketPlacesBreach([...basket.entries, ...records], facts);
  if (tooMany) throw invalid(tooMany.code, tooMany.message, 'entries');
  const withPersons = records.map((record) => ({
    ...record,
    personalization: fresh.find((entry) => entry.entryId === record.entryId)?.personalization ?? null,
  }));
  const personalized = personalizeNew(basket, entries, records, facts);
  const isNew = new Set(records.map((record) => record.entryId));
  const twice = personsNamedTwice([...basket.entries, ...withPersons].map(namedItemOf), facts).find(
    ({ item }) => isNew.has(item.id),
  );
  if (twice) throw refusalOf(twice.breach, 'entries');
  return [
    { type: 'EntriesAddedToBasket', data: { basketId: basket.basketId, entries: records } },
    ...personalized,
  ];
}

function personalize(
  basket: OpenBasket,
  data: Extract<BasketCommand, { type: 'PersonalizeEntry' }>['data'],
): BasketEvent[] {
  const entry = findEntry(basket, data.entryId);
  const { personalization, facts } = data;
  const { personId, medium, keycardId } = personalization;
  const found =
    personalizationBreach(entry, personalization, facts) ??
    (personId === null
      ? null
      : personNamedElsewhere(namedItemOf(entry), personId, basket.entries.map(namedItemOf), facts));
  if (found) throw refusalOf(found, found.field);
  const current = entry.personalization;
  const same =
    current && current.personId === personId && current.medium === medium && current.keycardId === keycardId;
  return same
    ? []
    : [
        {
          type: 'BasketEntryPersonalized',
          data: { basketId: basket.basketId, entryId: entry.entryId, ...personalization },
        },
      ];
}

function changeDetails(basket: OpenBasket, details: BasketDetails): BasketEvent[] {
  const changed = Object.fromEntries(
    Object.entries(details).filter(
      ([name, value]) =>
        value !== undefined &&
        JSON.stringify(basket.details[name as keyof BasketDetails]) !== JSON.stringify(value),
    ),
  ) as BasketDetails;
  return Object.keys(changed).length === 0
    ? []
    : [{ type: 'BasketDetailsChanged', data: { basketId: basket.basketId, ...changed } }];
}

/** Decides a basket command against the basket's state. Ownership is checked before (access.ts). */
export function decideBasket(command: BasketCommand, state: BasketState): BasketEvent[] {
  switch (command.type) {
    case 'CreateBasket': {
      if (state.status === 'open') throw conflict('BASKET_EXISTS', 'The basket exists already.');
      const { basketId, accountId, entries, facts } = command.data;
      const created: BasketEvent = { type: 'BasketCreated', data: { basketId, accountId } };
      const basket = open(evolveBasket(initialBasketState(), created));
      return [created, ...addEntries(basket, null, entries, facts)];
    }
    case 'AddEntries':
      return addEntries(
        changeable(state, command.data.forOrderId),
        command.data.parentEntryId,
        command.data.entries,
        command.data.facts,
      );
    case 'RemoveEntries': {
      const basket = changeable(state, command.data.forOrderId);
      for (const entryId of command.data.entryIds) findEntry(basket, entryId);
      const removed = [
        ...new Set(command.data.entryIds.flatMap((entryId) => entryWithDescendants(basket, entryId))),
      ];
      return [{ type: 'EntriesRemovedFromBasket', data: { basketId: basket.basketId, entryIds: removed } }];
    }
    case 'PersonalizeEntry':
      return personalize(changeable(state), command.data);
    case 'ChangeBasketDetails':
      return changeDetails(changeable(state), command.data);
    case 'AddPromoCode': {
      const basket = changeable(state);
      if (!command.data.known)
        throw notFound(
          basketErrorCodes.unknownPromoCode,
          `The promo code ${command.data.code} is not valid.`,
        );
      if (basket.promoCodes.includes(command.data.code)) return [];
      return [
        { type: 'PromoCodeAddedToBasket', data: { basketId: basket.basketId, code: command.data.code } },
      ];
    }
    case 'RemovePromoCode': {
      const basket = changeable(state);
      if (!basket.promoCodes.includes(command.data.code)) return [];
      return [
        { type: 'PromoCodeRemovedFromBasket', data: { basketId: basket.basketId, code: command.data.code } },
      ];
    }
    case 'AddVoucher': {
      const basket = changeable(state);
      if (basket.vouchers.includes(command.data.paymentDetailId)) return [];
      return [
        {
          type: 'VoucherAddedToBasket',
          data: { basketId: basket.basketId, paymentDetailId: command.data.paymentDetailId },
        },
      ];
    }
    case 'RemoveVoucher': {
      const basket = changeable(state);
      if (!basket.vouchers.includes(command.data.paymentDetailId)) {
        throw notFound(
          basketErrorCodes.voucherNotInBasket,
          `The voucher ${command.data.paymentDetailId} is not in the basket.`,
        );
      }
      return [
        {
          type: 'VoucherRemovedFromBasket',
          data: { basketId: basket.basketId, paymentDetailId: command.data.paymentDetailId },
        },
      ];
    }
    case 'ExpireHold': {
      if (state.status !== 'open') return [];
      const released = new Set(command.data.releasedEntryIds);
      const held = state.entries
        .filter((entry) => entry.hold === 'held' && released.has(entry.entryId))
        .map((entry) => entry.entryId);
      return held.length === 0
        ? []
        : [{ type: 'BasketHoldExpired', data: { basketId: state.basketId, entryIds: held } }];
    }
    case 'MarkCheckedOut': {
      const basket = open(state);
      if (basket.checkedOutOrderId === command.data.orderId) return [];
      if (basket.checkedOutOrderId !== null)
        throw conflict(
          basketErrorCodes.checkedOut,
          `The basket was checked out already (order ${basket.checkedOutOrderId}).`,
        );
      return [
        { type: 'BasketCheckedOut', data: { basketId: basket.basketId, orderId: command.data.orderId } },
      ];
    }
    case 'HandOverBasket': {
      const basket = changeable(state);
      const { accountId, fromAccountId } = command.data;
      if (basket.accountId === accountId) return [];
      // anyone else's basket is not there for this caller, exactly like an unknown id
      if (basket.accountId !== fromAccountId)
        throw notFound(basketErrorCodes.basketNotFound, 'Basket not found.');
      return [{ type: 'BasketHandedOver', data: { basketId: basket.basketId, accountId, fromAccountId } }];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
