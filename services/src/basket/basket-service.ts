// Over 400 lines on purpose: one service over the basket aggregate, whose commands share the load–decide–
// append path, the caller's ownership check and the facts each decision needs; split by command, each
// part would repeat them (docs/basket.md).
import { randomUUID } from 'node:crypto';
import {
  basketErrorCodes,
  basketStreamName,
  type BasketDetails,
  type BasketDto,
  type BasketEntryInput,
  type BasketEntryRecord,
  type BasketEntryWithChildrenInput,
  type BasketEvent,
  type BasketValidationFlags,
  type EventMetadata,
  type FeatureFlags,
  type Personalization,
  type SaleLimits,
  defaultSaleLimits,
  slotHolderShare,
} from '@alpenpass/contracts';
import type { CapacityCommands, SlotState } from '../capacity';
import type { Principal } from '../platform/auth/principal';
import { forbidden, notFound, tooMany } from '../platform/domain-error';
import { unlimited, type RateLimiter } from '../platform/rate-limit';
import { refuseCommentUnlessEnabled } from './comment-input';
import { noAccountResources, type AccountResources } from './account-resources';
import { checkOwnership, ownedNames, type NamedIds, type NamingSources } from './ownership';
import {
  handleCommand,
  loadStreamState,
  streamStateCache,
  type KnownState,
} from '../platform/event-store/command-handler';
import type { EventStore } from '../platform/event-store/event-store';
import { eventMetadataOf } from '../platform/http/request-context';
import type { PlatformLogger } from '../platform/event-store/event-store';
import { guestAccountOf, isStaff } from '../platform/auth/principal';
import { accessibleBasket, basketNotFound, ownerOfNewBasket } from './access';
import { basketFolder, type BasketEventWithTime, type BasketState, type OpenBasket } from './basket';
import { gatherEntryFacts, loadProduct, type BasketFactSources } from './basket-facts';
import { toBasketDto, type BasketDiscounts } from './basket-view';
import type { NewEntry } from './build-entries';
import { decideBasket, type BasketCommand } from './decide';
import { emptyFacts, type EntryFacts } from './entry-facts';
import type { NamingFacts } from './personalization-rules';
import { holdDeadline, type HoldDurations } from './hold-deadline';
import { holdPlaces, releasePlaces, type HoldPolicy } from './capacity-holds';
import { clientHolderId } from './client-holder';
import { validateBasket } from './validate-basket';
import { addInOneTrip, canAddInOneTrip } from './one-trip-add';
import type { AdmissionGate } from '../waiting-room';

export interface BasketServiceDeps {
  store: EventStore;
  sources: BasketFactSources;
  capacity: CapacityCommands;
  /** how long holds last (the view's hold.expiresAt); the hold's timer follows the basket's events
   * through the hold reactor (hold-reactor.ts), never from inside a request */
  holds: HoldDurations;
  log: PlatformLogger;
  now?: () => Date;
  /** the discount context: prices the basket and checks promo codes (none: no discounts, every code unknown) */
  discounts?: BasketDiscountPort;
  /** the shop's sale limits (docs/basket.md, "Sale rules"); staff are not bound by them */
  limits?: SaleLimits;
  /** what accounts own: persons, addresses, keycards, payment details */
  accounts?: AccountResources;
  /** admits a guest's basket creation per client address */
  guestCreations?: RateLimiter;
  /** keys the guests' holder ids (client-holder.ts) */
  clientHolderKey: Buffer;
  /** the shop's §6 flags (enableCheckoutCommentInput); absent: comments are taken */
  featureFlags?: FeatureFlags;
  /** the waiting room's gate: a sale's products are added only with an admission (none: no waiting room) */
  admission?: AdmissionGate;
  /** an account's basket ids, most recently changed first (the account-baskets read model); absent: none */
  basketsOfAccount?: (accountId: string) => Promise<string[]>;
}

/** how many of an account's latest baskets are looked at for its open one */
const currentBasketCandidates = 10;

/** What the basket asks of the discount context (services/src/discount/basket-port.ts). */
export interface BasketDiscountPort {
  price(basket: OpenBasket): Promise<BasketDiscounts>;
  /** refuses a code that does not apply to the basket (unknown 404, disabled, used up, outside its window,
   * nothing matching 409; too many attempts 429) and answers the code as stored (upper-case) */
  admitCode(caller: Caller, basket: OpenBasket, code: string): Promise<string>;
}

export interface Caller {
  principal: Principal | null;
  correlationId: string;
  /** the client's network address (rate limits) */
  clientAddress?: string;
  /** the waiting room admission tokens the request carries */
  admissionTokens?: string;
}

/** Staff assemble baskets for groups and events: the customer limits do not bind them. */
const staffLimits: SaleLimits = {
  maxQuantityPerEntry: 1000,
  maxPlacesPerBasket: 10000,
  maxPlacesPerSlotHolder: 10000,
  maxSlotSharePercent: 100,
};

export type BasketService = ReturnType<typeof createBasketService>;

/** An entry to add as staff send it for an admin order: with who it is for. */
export type PersonalizedEntryInput = BasketEntryWithChildrenInput & { personalization?: Personalization };

function withIds(given: PersonalizedEntryInput | BasketEntryInput): NewEntry {
  const { personalization, ...input } = given as PersonalizedEntryInput;
  const children = 'children' in input ? input.children.map(withIds) : [];
  return { entryId: randomUUID(), input, children, ...(personalization ? { personalization } : {}) };
}

const flatten = (entries: NewEntry[]): BasketEntryInput[] =>
  entries.flatMap((entry) => [entry.input, ...flatten(entry.children)]);

/** a guest identity's own GUEST account (once linked into a customer's account its token speaks for that one) */
const isGuestAccount = (principal: Principal | null, accountId: string) =>
  principal !== null && guestAccountOf(principal) === accountId;

const addedRecords = (events: BasketEvent[]): BasketEntryRecord[] =>
  events.flatMap((event) => (event.type === 'EntriesAddedToBasket' ? event.data.entries : []));

export function createBasketService(deps: BasketServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const discounts = deps.discounts;
  const accounts = deps.accounts ?? noAccountResources;
  const guestCreations = deps.guestCreations ?? unlimited;
  const view = async (basket: OpenBasket) =>
    toBasketDto(basket, deps.holds, discounts ? await discounts.price(basket) : undefined);
  // folded basket states of this process (immutable values): a load reads only the events after the
  // cached revision from the store, which stays the source of truth (another process's appends are in
  // that tail; an append still checks the revision it decided on)
  const baskets = streamStateCache<BasketState>(10_000);
  /** a customer's own add of a sale's products needs an admission, to a basket or to an unpaid order alike;
   * what a basket or order already holds is never asked again (docs/waiting-room.md) */
  const admitted = async (caller: Caller, entries: (BasketEntryInput | BasketEntryWithChildrenInput)[]) => {
    if (!deps.admission) return;
    const ids = entries.flatMap((entry) => [
      entry.productDefinitionId,
      ...('children' in entry ? entry.children.map((child) => child.productDefinitionId) : []),
    ]);
    await deps.admission.check(caller, ids);
  };
  const limitsOf = (caller: Caller) =>
    isStaff(caller.principal) ? staffLimits : (deps.limits ?? defaultSaleLimits);

  /** who holds a basket's places for the fair-hold cap: a customer's account, across its baskets; for a
   * guest (anonymous or a guest identity, which anyone can open afresh) the client, across its baskets */
  function holdPolicy(caller: Caller, accountId: string | null): HoldPolicy {
    if (isStaff(caller.principal)) return {};
    const limits = limitsOf(caller);
    const maxPlaces = (capacity: number) => slotHolderShare(limits, capacity);
    const customer = accountId !== null && !isGuestAccount(caller.principal, accountId);
    const holderOn = (slotId: number) =>
      customer
        ? `account:${accountId}`
        : clientHolderId(deps.clientHolderKey, slotId, caller.clientAddress ?? 'unknown');
    return { holderOn: (slotId) => ({ holderId: holderOn(slotId), maxPlaces }) };
  }

  async function owned(basket: OpenBasket, named: NamedIds) {
    return checkOwnership(accounts, basket.accountId, named);
  }

  /** `facts` with the persons and keycards named on `items` that the account owns: the deciders refuse any other */
  async function withOwnedNames<F extends NamingFacts>(
    facts: F,
    accountId: string | null,
    items: NamingSources[],
  ): Promise<F> {
    const { persons, keycards } = await ownedNames(accounts, accountId, items);
    facts.persons = persons;
    facts.keycards = keycards;
    return facts;
  }

  /** what naming someone on an item of this product and definition is judged on (personalization-rules.ts) */
  async function namingFacts(
    accountId: string | null,
    item: { productId: number; productDefinitionId: number } | undefined,
    personalization: Personalization,
  ): Promise<NamingFacts> {
    const facts = emptyFacts(now());
    await Promise.all([
      item ? loadProduct(deps.sources, facts, item.productId) : null,
      withOwnedNames(facts, accountId, [{ personalization }]),
    ]);
    return facts;
  }

  /** the basket's state and revision: a command right after decides on it without reading again */
  function loadKnown(basketId: string): Promise<KnownState<BasketState>> {
    return loadStreamState<BasketState, BasketEventWithTime>(
      deps.store,
      basketStreamName(basketId),
      basketFolder,
      baskets,
    );
  }

  async function load(basketId: string): Promise<BasketState> {
    return (await loadKnown(basketId)).state;
  }

  async function run(
    basketId: string,
    caller: Caller,
    command: (basket: OpenBasket) => BasketCommand,
  ): Promise<OpenBasket> {
    const outcome = await handleCommand<BasketState, BasketEventWithTime>(
      deps.store,
      basketStreamName(basketId),
      basketFolder,
      (state) => decideBasket(command(accessibleBasket(state, caller.principal)), state),
      eventMetadataOf(caller),
      { cache: baskets },
    );
    return accessibleBasket(outcome.newState, caller.principal);
  }

  /**
   * Adding entries: decide once to refuse bad input before touching capacity, hold the places of slot
   * entries, then append on the state already loaded (a concurrent change costs a retry, not a wrong
   * append). A failed append gives the places back. The appended event starts or renews the hold's
   * timer through the hold reactor.
   */
  async function addEntries(
    basketId: string,
    caller: Caller,
    accountId: string | null,
    command: (entries: NewEntry[], facts: EntryFacts) => BasketCommand,
    inputs: NewEntry[],
    known: KnownState<BasketState>,
    access?: (state: BasketState) => OpenBasket,
  ) {
    const entries = flatten(inputs);
    const named = [...entries, ...inputs.map((entry) => ({ personalization: entry.personalization }))];
    const factsOn = async (owner: string | null, slots?: ReadonlyMap<number, SlotState>) =>
      withOwnedNames(
        await gatherEntryFacts(
          slots ? { ...deps.sources, slot: async (slotId) => slots.get(slotId)! } : deps.sources,
          entries,
          now(),
          limitsOf(caller),
        ),
        owner,
        named,
      );
    const metadata = eventMetadataOf(caller);
    if (canAddInOneTrip(deps.store)) {
      const ownerOf = (state: BasketState) => (access ? access(state).accountId : accountId);
      const slotIds = [...new Set(entries.flatMap((entry) => (entry.slotId === null ? [] : [entry.slotId])))];
      return (await addInOneTrip(
        { store: deps.store, baskets, holds: deps.holds, now },
        {
          basketId,
          known,
          slotIds,
          async decide(state, slots) {
            const owner = ownerOf(state);
            return decideBasket(command(inputs, await factsOn(owner, slots)), state);
          },
          holdOf: (state, record) => ({
            slotId: record.slotId,
            basketId,
            entryId: record.entryId,
            quantity: record.quantity,
            holder: holdPolicy(caller, ownerOf(state)).holderOn?.(record.slotId),
          }),
          metadata,
        },
      )) as OpenBasket;
    }
    const facts = await factsOn(accountId);
    const decision = decideBasket(command(inputs, facts), known.state);
    const slotRecords = addedRecords(decision).filter((record) => record.slotId !== null);
    const held = await holdPlaces(
      deps.capacity,
      basketId,
      slotRecords,
      holdPolicy(caller, accountId),
      metadata,
      deps.log,
    );
    try {
      const outcome = await handleCommand<BasketState, BasketEventWithTime>(
        deps.store,
        basketStreamName(basketId),
        basketFolder,
        // the decider is pure: on the state it already decided on, the answer is the same
        (current) => (current === known.state ? decision : decideBasket(command(inputs, facts), current)),
        metadata,
        { known, cache: baskets },
      );
      return outcome.newState as OpenBasket;
    } catch (error) {
      await releasePlaces(deps.capacity, basketId, held, metadata, deps.log);
      throw error;
    }
  }

  async function addToBasket(
    caller: Caller,
    basketId: string,
    parentEntryId: string | null,
    newEntries: NewEntry[],
    forOrderId?: number,
  ) {
    // a basket this process knows is decided on without a read: the append checks its revision
    const cached = canAddInOneTrip(deps.store) ? baskets.get(basketStreamName(basketId)) : undefined;
    const known = cached ?? (await loadKnown(basketId));
    const basket = accessibleBasket(known.state, caller.principal);
    const command = (entries: NewEntry[], facts: EntryFacts): BasketCommand => ({
      type: 'AddEntries',
      data: { parentEntryId, entries, facts, forOrderId },
    });
    const idsOf = (entries: NewEntry[]): string[] =>
      entries.flatMap((entry) => [entry.entryId, ...idsOf(entry.children)]);
    return {
      basket: await view(
        await addEntries(basketId, caller, basket.accountId, command, newEntries, known, (state) =>
          accessibleBasket(state, caller.principal),
        ),
      ),
      addedEntryIds: idsOf(newEntries),
    };
  }

  async function releaseAllClaims(basketId: string, state: OpenBasket): Promise<void> {
    const claims = Object.entries(state.slotClaims).map(([entryId, slotId]) => ({ entryId, slotId }));
    const metadata = { correlationId: `basket-hold-${basketId}`, causationId: null, actor: 'system' };
    if (!(await releasePlaces(deps.capacity, basketId, claims, metadata, deps.log))) {
      throw new Error(`basket ${basketId}: not every hold could be released`);
    }
    const releasedEntryIds = claims.map((claim) => claim.entryId);
    await handleCommand<BasketState, BasketEventWithTime>(
      deps.store,
      basketStreamName(basketId),
      basketFolder,
      (current) => decideBasket({ type: 'ExpireHold', data: { releasedEntryIds } }, current),
      metadata,
      { cache: baskets },
    );
  }

  return {
    /** `forAccount`: staff (an admin order) or the shop itself (a renewal) build a basket for a customer
     * account (null: a walk-in), under a given id when the caller needs it to be idempotent */
    async create(
      caller: Caller,
      entries: PersonalizedEntryInput[],
      forAccount?: { accountId: string | null; basketId?: string },
    ): Promise<BasketDto> {
      if (
        !caller.principal &&
        !(await guestCreations.admit(`guest-basket:${caller.clientAddress ?? 'unknown'}`))
      ) {
        throw tooMany(
          basketErrorCodes.tooManyBaskets,
          'Too many baskets were created from your address; please try again in a minute.',
        );
      }
      if (forAccount && !isStaff(caller.principal))
        throw forbidden('STAFF_ONLY', 'Only staff create baskets for a customer.');
      if (!forAccount) await admitted(caller, entries);
      const basketId = forAccount?.basketId ?? randomUUID();
      const accountId = forAccount ? forAccount.accountId : ownerOfNewBasket(caller.principal);
      const command = (newEntries: NewEntry[], facts: EntryFacts): BasketCommand => ({
        type: 'CreateBasket',
        data: { basketId, accountId, entries: newEntries, facts },
      });
      return view(
        await addEntries(basketId, caller, accountId, command, entries.map(withIds), {
          state: basketFolder.initialState(),
          revision: 'no_stream',
        }),
      );
    },

    async get(caller: Caller, basketId: string): Promise<BasketDto> {
      return view(accessibleBasket(await load(basketId), caller.principal));
    },

    /** GET /baskets/current: the signed-in customer's open basket (not checked out, with entries), the
     * most recently changed one; none is no error for a customer (204: a page makes no call it
     * expects to fail), guests and staff have none to ask for (404) (docs/basket.md). */
    async current(caller: Caller): Promise<BasketDto | undefined> {
      const accountId = ownerOfNewBasket(caller.principal);
      const candidates = accountId ? await (deps.basketsOfAccount?.(accountId) ?? []) : [];
      for (const basketId of candidates.slice(0, currentBasketCandidates)) {
        const state = await load(basketId);
        if (
          state.status === 'open' &&
          state.accountId === accountId &&
          state.checkedOutOrderId === null &&
          state.entries.length > 0
        )
          return view(state);
      }
      if (!accountId) throw basketNotFound();
      return undefined;
    },

    async addEntries(
      caller: Caller,
      basketId: string,
      parentEntryId: string | null,
      entries: (BasketEntryWithChildrenInput | BasketEntryInput)[],
    ): Promise<BasketDto> {
      await admitted(caller, entries);
      return (await addToBasket(caller, basketId, parentEntryId, entries.map(withIds))).basket;
    },

    /** an unpaid order's own basket grows: with the ids of the entries this call added, so an addition the
     * order refuses takes back only its own entries, never those a concurrent call added */
    async addEntriesForOrder(
      caller: Caller,
      basketId: string,
      entries: BasketEntryWithChildrenInput[],
      orderId: number,
    ) {
      await admitted(caller, entries);
      return addToBasket(caller, basketId, null, entries.map(withIds), orderId);
    },

    async removeEntries(
      caller: Caller,
      basketId: string,
      entryIds: string[],
      forOrderId?: number,
    ): Promise<BasketDto> {
      let claims: Record<string, number> = {};
      const basket = await run(basketId, caller, (current) => {
        claims = current.slotClaims;
        return { type: 'RemoveEntries', data: { entryIds, forOrderId } };
      });
      const stillThere = new Set(basket.entries.map((entry) => entry.entryId));
      const released = Object.entries(claims)
        .filter(([entryId]) => !stillThere.has(entryId))
        .map(([entryId, slotId]) => ({ entryId, slotId }));
      // when nothing is held any more, the hold reactor ends the hold once these releases went through
      await releasePlaces(deps.capacity, basketId, released, eventMetadataOf(caller), deps.log);
      return view(basket);
    },

    async personalize(
      caller: Caller,
      basketId: string,
      entryId: string,
      personalization: Personalization,
    ): Promise<BasketDto> {
      const basket = accessibleBasket(await load(basketId), caller.principal);
      const entry = basket.entries.find((candidate) => candidate.entryId === entryId);
      const facts = await namingFacts(basket.accountId, entry, personalization);
      return view(
        await run(basketId, caller, () => ({
          type: 'PersonalizeEntry',
          data: { entryId, personalization, facts },
        })),
      );
    },

    /** the facts the naming rules judge a personalization of an order item on (the order context's) */
    namingFacts,

    async changeDetails(caller: Caller, basketId: string, details: BasketDetails): Promise<BasketDto> {
      refuseCommentUnlessEnabled(deps.featureFlags, caller.principal, details);
      const addressIds = [details.shippingAddressId, details.billingAddressId].filter(
        (id): id is number => typeof id === 'number',
      );
      await owned(accessibleBasket(await load(basketId), caller.principal), { addressIds });
      return view(await run(basketId, caller, () => ({ type: 'ChangeBasketDetails', data: details })));
    },

    async addPromoCode(caller: Caller, basketId: string, code: string): Promise<BasketDto> {
      const basket = accessibleBasket(await load(basketId), caller.principal);
      // a checked-out basket changes no more: the decider answers 409 BASKET_CHECKED_OUT before any code is tried
      if (basket.checkedOutOrderId !== null)
        return view(
          await run(basketId, caller, () => ({ type: 'AddPromoCode', data: { code, known: true } })),
        );
      if (!discounts)
        throw notFound(basketErrorCodes.unknownPromoCode, `The promo code ${code} is not valid.`);
      const stored = await discounts.admitCode(caller, basket, code);
      return view(
        await run(basketId, caller, () => ({ type: 'AddPromoCode', data: { code: stored, known: true } })),
      );
    },

    /** codes are compared case-insensitively; they are stored upper-case */
    async removePromoCode(caller: Caller, basketId: string, code: string): Promise<BasketDto> {
      return view(
        await run(basketId, caller, () => ({
          type: 'RemovePromoCode',
          data: { code: code.trim().toUpperCase() },
        })),
      );
    },

    async addVoucher(caller: Caller, basketId: string, paymentDetailId: number): Promise<BasketDto> {
      await owned(accessibleBasket(await load(basketId), caller.principal), {
        paymentDetailIds: [paymentDetailId],
      });
      return view(await run(basketId, caller, () => ({ type: 'AddVoucher', data: { paymentDetailId } })));
    },

    async removeVoucher(caller: Caller, basketId: string, paymentDetailId: number): Promise<BasketDto> {
      return view(await run(basketId, caller, () => ({ type: 'RemoveVoucher', data: { paymentDetailId } })));
    },

    async validate(caller: Caller, basketId: string, flags: BasketValidationFlags) {
      const basket = accessibleBasket(await load(basketId), caller.principal);
      const usesFlags =
        flags.ignoreEarliestBookingTime || flags.ignoreLatestBookingTime || flags.skipCapacityCheck;
      if (usesFlags && !isStaff(caller.principal))
        throw forbidden(basketErrorCodes.staffOnlyFlags, 'The validation flags are for staff only.');
      const facts = await withOwnedNames(
        await gatherEntryFacts(deps.sources, basket.entries, now(), limitsOf(caller)),
        basket.accountId,
        basket.entries,
      );
      const claimedPlaces = new Map<string, number>();
      for (const entry of basket.entries) {
        if (entry.slotId === null) continue;
        const slotState = await deps.sources.slot(entry.slotId);
        if (slotState.status !== 'scheduled' && slotState.status !== 'cancelled') continue;
        const key = `${basketId}/${entry.entryId}`;
        claimedPlaces.set(entry.entryId, slotState.holds[key] ?? slotState.bookings[key] ?? 0);
      }
      const issues = validateBasket(basket, flags, { ...facts, claimedPlaces });
      return { valid: issues.length === 0, issues };
    },

    /** The checkout placed the basket's order: the basket changes no more (idempotent). */
    async markCheckedOut(basketId: string, orderId: number, metadata: Partial<EventMetadata>): Promise<void> {
      await handleCommand<BasketState, BasketEventWithTime>(
        deps.store,
        basketStreamName(basketId),
        basketFolder,
        (current) => decideBasket({ type: 'MarkCheckedOut', data: { orderId } }, current),
        metadata,
        { cache: baskets },
      );
    },

    /** The hold's TTL elapsed (Temporal activity): give back every place the basket ever held, then
     * record the expiry. Idempotent: a retry releases nothing new and records nothing twice. */
    async releaseBasketHolds(basketId: string): Promise<void> {
      const state = await load(basketId);
      // a checked-out basket's places belong to its order: only the order gives them back
      if (state.status !== 'open' || state.checkedOutOrderId !== null) return;
      await releaseAllClaims(basketId, state);
    },

    /** The hold's timer fell due (hold-timers.ts; the Temporal activity of holds begun as workflows): the basket's own deadline decides. Still
     * ahead (the basket changed since the hold started) → answered, nothing changes; passed → every place
     * given back as releaseBasketHolds does. Compared with the real clock, as the events' times are. */
    async expireHoldsIfDue(basketId: string): Promise<{ holdUntilMs: number | null }> {
      const state = await load(basketId);
      if (state.status !== 'open' || state.checkedOutOrderId !== null) return { holdUntilMs: null };
      const deadline = holdDeadline(state, deps.holds);
      if (deadline && deadline.expiresAtMs > Date.now()) return { holdUntilMs: deadline.expiresAtMs };
      await releaseAllClaims(basketId, state);
      // an entry added while the places were given back keeps its own, with its own deadline
      const after = await load(basketId);
      const next = after.status === 'open' ? holdDeadline(after, deps.holds) : null;
      return { holdUntilMs: next?.expiresAtMs ?? null };
    },

    /** The order of this checked-out basket was cancelled: give back every place it held. Idempotent. */
    async releaseOrderPlaces(basketId: string): Promise<void> {
      const state = await load(basketId);
      if (state.status === 'open') await releaseAllClaims(basketId, state);
    },
  };
}
