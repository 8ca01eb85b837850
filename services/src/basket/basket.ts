import type { BasketDetails, BasketEntryRecord, BasketEvent, Personalization } from '@alpenpass/contracts';

/** The basket aggregate (stream basket-<uuid>): its entries, checkout details, promo codes,
 * vouchers and what became of its capacity holds. */
export interface BasketEntryState extends BasketEntryRecord {
  personalization: Personalization | null;
  /** 'held': the slot's places are held for it; 'expired': the hold's TTL elapsed and they were released */
  hold: 'none' | 'held' | 'expired';
}

export interface OpenBasket {
  status: 'open';
  basketId: string;
  /** null: a guest's basket, held by whoever knows its id */
  accountId: string | null;
  /** in the order they were added */
  entries: BasketEntryState[];
  details: Required<BasketDetails>;
  promoCodes: string[];
  vouchers: number[];
  /** every entry that ever held places, with its slot: the expiry releases all of them (idempotently),
   * also those whose release after a removal did not get through */
  slotClaims: Record<string, number>;
  holdExpiredAt: string | null;
  /** when the running hold began (its first held place): the hold's lifetime counts from here */
  holdSince: string | null;
  /** the order the basket became: from then on it changes no more (docs/checkout.md) */
  checkedOutOrderId: number | null;
  createdAt: string;
  updatedAt: string;
}

export type BasketState = { status: 'unknown' } | OpenBasket;

export const initialBasketState = (): BasketState => ({ status: 'unknown' });

export const emptyDetails = (): Required<BasketDetails> => ({
  shippingAddressId: null,
  billingAddressId: null,
  comment: null,
  useOnlineCredit: false,
  checkoutConditions: {},
});

/** handleCommand folds recorded events, which carry their metadata; decider output does not. */
export type BasketEventWithTime = BasketEvent & { metadata?: { at: string } };

function touch(state: OpenBasket, event: BasketEventWithTime): OpenBasket {
  return event.metadata?.at ? { ...state, updatedAt: event.metadata.at } : state;
}

const isHeld = (entry: BasketEntryState) => entry.hold === 'held';

function evolveOpen(state: OpenBasket, event: BasketEvent): OpenBasket {
  switch (event.type) {
    case 'BasketCreated':
      return state;
    case 'EntriesAddedToBasket': {
      const added = event.data.entries.map((entry): BasketEntryState => ({
        ...entry,
        personalization: null,
        hold: entry.slotId === null ? 'none' : 'held',
      }));
      const claims = { ...state.slotClaims };
      for (const entry of added) if (entry.slotId !== null) claims[entry.entryId] = entry.slotId;
      const holdSince = state.holdSince ?? (added.some(isHeld) ? state.updatedAt : null);
      return { ...state, entries: [...state.entries, ...added], slotClaims: claims, holdSince };
    }
    case 'EntriesRemovedFromBasket': {
      const removed = new Set(event.data.entryIds);
      const entries = state.entries.filter((entry) => !removed.has(entry.entryId));
      return { ...state, entries, holdSince: entries.some(isHeld) ? state.holdSince : null };
    }
    case 'BasketEntryPersonalized': {
      const { entryId, personId, medium, keycardId } = event.data;
      const entries = state.entries.map((entry) =>
        entry.entryId === entryId ? { ...entry, personalization: { personId, medium, keycardId } } : entry,
      );
      return { ...state, entries };
    }
    case 'BasketDetailsChanged': {
      const { basketId: _id, ...changes } = event.data;
      return { ...state, details: { ...state.details, ...changes } };
    }
    case 'PromoCodeAddedToBasket':
      return { ...state, promoCodes: [...state.promoCodes, event.data.code] };
    case 'PromoCodeRemovedFromBasket':
      return { ...state, promoCodes: state.promoCodes.filter((code) => code !== event.data.code) };
    case 'VoucherAddedToBasket':
      return { ...state, vouchers: [...state.vouchers, event.data.paymentDetailId] };
    case 'VoucherRemovedFromBasket':
      return { ...state, vouchers: state.vouchers.filter((id) => id !== event.data.paymentDetailId) };
    case 'BasketHoldExpired': {
      const released = new Set(event.data.entryIds);
      const entries = state.entries.map((entry) =>
        released.has(entry.entryId) ? { ...entry, hold: 'expired' as const } : entry,
      );
      // an entry added while the others were released still holds: its hold starts anew now
      return {
        ...state,
        entries,
        holdExpiredAt: state.updatedAt,
        holdSince: entries.some(isHeld) ? state.updatedAt : null,
      };
    }
    case 'BasketCheckedOut':
      return { ...state, checkedOutOrderId: event.data.orderId };
    case 'BasketHandedOver':
      return { ...state, accountId: event.data.accountId };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

export function evolveBasket(state: BasketState, event: BasketEventWithTime): BasketState {
  if (event.type === 'BasketCreated') {
    const at = event.metadata?.at ?? new Date(0).toISOString();
    return {
      status: 'open',
      basketId: event.data.basketId,
      accountId: event.data.accountId,
      entries: [],
      details: emptyDetails(),
      promoCodes: [],
      vouchers: [],
      slotClaims: {},
      holdExpiredAt: null,
      holdSince: null,
      checkedOutOrderId: null,
      createdAt: at,
      updatedAt: at,
    };
  }
  if (state.status !== 'open') return state;
  return evolveOpen(touch(state, event), event);
}

export const basketFolder = { initialState: initialBasketState, evolve: evolveBasket };

/** An entry and everything below it: its children and originated entries, at any depth. */
export function entryWithDescendants(state: OpenBasket, entryId: string): string[] {
  const found = [entryId];
  for (let index = 0; index < found.length; index += 1) {
    const current = found[index];
    for (const entry of state.entries) {
      if (
        (entry.parentEntryId === current || entry.originEntryId === current) &&
        !found.includes(entry.entryId)
      )
        found.push(entry.entryId);
    }
  }
  return found;
}

/** How deep an entry sits: 1 for a top-level entry. */
export function entryDepth(state: OpenBasket, entryId: string): number {
  let depth = 0;
  let current = state.entries.find((entry) => entry.entryId === entryId);
  while (current) {
    depth += 1;
    const parentId = current.parentEntryId ?? current.originEntryId;
    current = parentId ? state.entries.find((entry) => entry.entryId === parentId) : undefined;
  }
  return depth;
}
