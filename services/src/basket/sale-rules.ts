import {
  AGE_ATTRIBUTE,
  ageOn,
  basketErrorCodes as codes,
  consumptionErrorCodes,
  DURATION_ATTRIBUTE,
  fitsAgeRange,
  isSoldOnlyAsRequired,
  type BasketEntryRecord,
  type ItemAllocation,
} from '@alpenpass/contracts';
import { durationFitsRange, parseDuration } from '@alpenpass/contracts/src/duration';
import { DateTime } from 'luxon';
import { offeredWindow } from '../capacity';
import { bookingWindowBreach, stillOnSale, withinOneRange, type ZonedValidity } from '../catalogue';
import { invalid, notFound, type DomainError } from '../platform/domain-error';
import type { DefinitionFacts, EntryFacts, ProductFacts, SlotFacts } from './entry-facts';

/** A sale rule an entry breaks: the code and message of its 400 problem and of its validation issue. */
export interface SaleRuleBreach {
  code: string;
  message: string;
  /** the field of the entry that breaks it, relative to the entry */
  field?: string;
  /** an id the account does not own: refused like an id that does not exist (404), so none can be probed */
  unknownId?: true;
}

/** The refusal of a breach: 400 at `path`, or 404 for an id that is not the account's. */
export const refusalOf = (found: SaleRuleBreach, path?: string): DomainError =>
  found.unknownId ? notFound(found.code, found.message) : invalid(found.code, found.message, path);

/** The booking-window rules that staff may set aside when they validate (§5 validation flags). */
export interface WindowFlags {
  ignoreEarliestBookingTime: boolean;
  ignoreLatestBookingTime: boolean;
}

const noFlags: WindowFlags = { ignoreEarliestBookingTime: false, ignoreLatestBookingTime: false };

type RuledEntry = Pick<
  BasketEntryRecord,
  | 'productId'
  | 'productDefinitionId'
  | 'slotId'
  | 'validity'
  | 'allocation'
  | 'quantity'
  | 'originEntryId'
  | 'attributes'
>;

export const breach = (code: string, message: string, field?: string): SaleRuleBreach => ({
  code,
  message,
  field,
});

/** The persons a person-type list names (an anonymous list names none). */
export const personIdsOf = (allocation: ItemAllocation): number[] =>
  'personTypes' in allocation
    ? allocation.personTypes.flatMap((personType) => ('personIds' in personType ? personType.personIds : []))
    : [];

/** One person is one place: named twice on an entry (in one person-type group or in two) they would
 * get two personal passes for the same day. */
function personNamedTwiceBreaches(entry: RuledEntry): SaleRuleBreach[] {
  const named = personIdsOf(entry.allocation);
  const twice = named.find((personId, index) => named.indexOf(personId) !== index);
  return twice === undefined
    ? []
    : [
        breach(
          codes.personNamedTwice,
          `Person ${twice} is named twice on one entry: one person takes one place.`,
          'allocation',
        ),
      ];
}

function personTypeBreaches(entry: RuledEntry, definition: DefinitionFacts): SaleRuleBreach[] {
  if (!('personTypes' in entry.allocation)) return [];
  const age = definition.attributes[AGE_ATTRIBUTE];
  return entry.allocation.personTypes
    .filter((personType) => personType.personType !== age)
    .map((personType) =>
      age === undefined
        ? breach(
            codes.personTypeNotAllowed,
            `Product definition ${definition.id} is sold by quantity, not by person type (${personType.personType}).`,
            'allocation',
          )
        : breach(
            codes.personTypeNotAllowed,
            `Product definition ${definition.id} is for the person type ${age}, not ${personType.personType}.`,
            'allocation',
          ),
    );
}

/** Attributes name what the definition is (§4: choosing attributes chooses the definition), so each one
 * an entry names must be one of its definition's, with the same value (null: no choice). The entry
 * keeps them into the order, where a 1-day pass must not read as a 7-day one. */
function attributeBreaches(entry: RuledEntry, definition: DefinitionFacts): SaleRuleBreach[] {
  return Object.entries(entry.attributes).flatMap(([name, value]) => {
    const own = definition.attributes[name];
    if (own !== undefined && (value === null || value === own)) return [];
    const message =
      own === undefined
        ? `Product definition ${definition.id} has no attribute ${name}.`
        : `Product definition ${definition.id} has ${name} ${own}, not ${value}.`;
    return [breach(codes.attributeMismatch, message, `attributes.${name}`)];
  });
}

/** A named person must be of the definition's age at the validity's first day (today without one),
 * by the contracts' `fitsAgeRange`, which the SPA's keycard chooser applies too. */
export function personAgeBreach(
  person: { personId: number; birthdate: string | null },
  definition: DefinitionFacts,
  product: Pick<ProductFacts, 'timezone'>,
  validity: { from: string } | null,
  now: Date,
): SaleRuleBreach | null {
  const day = (validity ? DateTime.fromISO(validity.from, { setZone: true }) : DateTime.fromJSDate(now))
    .setZone(product.timezone)
    .toISODate()!;
  if (fitsAgeRange(person.birthdate, definition.ageRange, day)) return null;
  const { minAge, maxAge } = definition.ageRange;
  const ages =
    minAge !== undefined && maxAge !== undefined
      ? `${minAge} to ${maxAge}`
      : minAge !== undefined
        ? `${minAge} or older`
        : `up to ${maxAge}`;
  return breach(
    codes.personAgeNotAllowed,
    `Person ${person.personId} is ${ageOn(person.birthdate!, day)} years old on ${day}, outside the ages of product definition ${definition.id} (${ages}).`,
    'allocation',
  );
}

function personAgeBreaches(
  entry: RuledEntry,
  definition: DefinitionFacts,
  product: ProductFacts,
  facts: EntryFacts,
): SaleRuleBreach[] {
  return personIdsOf(entry.allocation).flatMap((personId) => {
    const person = facts.persons.get(personId);
    const found = person ? personAgeBreach(person, definition, product, entry.validity, facts.now) : null;
    return found ? [found] : [];
  });
}

function slotBreaches(
  slot: SlotFacts,
  product: ProductFacts,
  now: Date,
  flags: WindowFlags,
): SaleRuleBreach[] {
  const within = (rule: 'earliest' | 'latest') => {
    const window = offeredWindow({
      timezone: product.timezone,
      bookingWindow: product.bookingWindow,
      now,
      from: slot.from,
      ignoreEarliestBookingTime: rule !== 'earliest',
      ignoreLatestBookingTime: rule !== 'latest',
      defaultDays: null,
    });
    const from = new Date(slot.from);
    if (from < window.startsFrom) return false;
    if (window.startsBefore && from >= window.startsBefore) return false;
    return !(window.endsAfter && new Date(slot.to) <= window.endsAfter);
  };
  if (new Date(slot.to) <= now)
    return [breach(codes.validityInPast, `Slot ${slot.slotId} is over.`, 'slotId')];
  if (!flags.ignoreEarliestBookingTime && !within('earliest'))
    return [breach(codes.tooEarly, `Slot ${slot.slotId} cannot be booked yet.`, 'slotId')];
  if (!flags.ignoreLatestBookingTime && !within('latest'))
    return [breach(codes.tooLate, `Slot ${slot.slotId} can no longer be booked.`, 'slotId')];
  return [];
}

function dayValidityBreaches(
  entry: RuledEntry,
  definition: DefinitionFacts,
  product: ProductFacts,
  now: Date,
  flags: WindowFlags,
): SaleRuleBreach[] {
  const { validity } = entry;
  if (!validity)
    return [
      breach(
        codes.validityRequired,
        `Product ${product.id} needs a validity (from and to) or a slot.`,
        'validity',
      ),
    ];
  const zoned: ZonedValidity = {
    from: DateTime.fromISO(validity.from, { zone: product.timezone }),
    to: DateTime.fromISO(validity.to, { zone: product.timezone }),
  };
  if (!zoned.from.isValid || !zoned.to.isValid)
    return [breach(codes.invalidValidity, 'The validity is not a real date.', 'validity')];
  const days = `${zoned.from.toISODate()} – ${zoned.to.toISODate()}`;
  if (zoned.to < zoned.from)
    return [breach(codes.invalidValidity, 'The validity must not end before it starts.', 'validity.to')];
  if (zoned.to.endOf('day').toMillis() < now.getTime())
    return [breach(codes.validityInPast, `The validity ${days} is in the past.`, 'validity')];
  const durationText = definition.attributes[DURATION_ATTRIBUTE];
  const duration = durationText === undefined ? undefined : parseDuration(durationText);
  if (duration && !durationFitsRange(duration, zoned.from, zoned.to)) {
    return [
      breach(
        codes.durationMismatch,
        `Product definition ${definition.id} is valid for ${durationText}, not for ${days}.`,
        'validity',
      ),
    ];
  }
  if (!withinOneRange(product, zoned))
    return [breach(codes.outsideAvailability, `Product ${product.id} is not sold for ${days}.`, 'validity')];
  const seasonEnd = product.kind === 'SEASON_SUBSCRIPTION' ? seasonEndBreach(product, zoned, days) : null;
  if (seasonEnd) return [seasonEnd];
  const window = bookingWindowBreach(product, zoned, now);
  if (window === 'early' && !flags.ignoreEarliestBookingTime)
    return [breach(codes.tooEarly, `The validity ${days} cannot be booked yet.`, 'validity')];
  if (window === 'late' && !flags.ignoreLatestBookingTime)
    return [breach(codes.tooLate, `The validity ${days} can no longer be booked.`, 'validity')];
  return [];
}

/** A season pass is valid until its season ends; it may start later (bought during the season). */
function seasonEndBreach(
  product: ProductFacts,
  validity: ZonedValidity,
  days: string,
): SaleRuleBreach | null {
  const first = validity.from.toISODate()!;
  const last = validity.to.toISODate()!;
  const season = product.availabilityRanges.find((range) => range.from <= first && last <= range.to);
  if (!season || season.to === last) return null;
  return breach(
    codes.seasonPassEnd,
    `A season pass of product ${product.id} is valid until its season ends on ${season.to}, not for ${days}.`,
    'validity.to',
  );
}

function validityBreaches(
  entry: RuledEntry,
  definition: DefinitionFacts,
  product: ProductFacts,
  facts: EntryFacts,
  flags: WindowFlags,
): SaleRuleBreach[] {
  if (entry.slotId !== null) {
    const slot = facts.slots.get(entry.slotId);
    if (!slot) return [breach('SLOT_NOT_FOUND', `Slot ${entry.slotId} does not exist.`, 'slotId')];
    return slotBreaches(slot, product, facts.now, flags);
  }
  if (product.kind === 'TIME_SLOT')
    return [
      breach(codes.slotRequired, `Product ${product.id} is booked by time slot: choose a slot.`, 'slotId'),
    ];
  if (product.hasValidity) return dayValidityBreaches(entry, definition, product, facts.now, flags);
  if (entry.validity)
    return [breach(codes.invalidValidity, `Product ${product.id} has no validity to choose.`, 'validity')];
  return stillOnSale(product, facts.now)
    ? []
    : [breach(codes.outsideAvailability, `Product ${product.id} is not sold any more.`)];
}

/**
 * The sale rules of one entry (docs/basket.md, "Sale rules"): person types and ages of its
 * definition, each person once, its quantity limit, its validity (duration, availability, not in
 * the past, booking window) or its slot's booking window. Originated entries (deposits) follow the
 * entry that requires them and are not checked on their own; a deposit is sold as nothing else. The
 * add path refuses the first breach; the validation reports them all: both call this.
 */
export function entrySaleBreaches(
  entry: RuledEntry,
  facts: EntryFacts,
  flags: WindowFlags = noFlags,
): SaleRuleBreach[] {
  if (entry.originEntryId !== null) return [];
  const definition = facts.definitions.get(entry.productDefinitionId);
  const product = facts.products.get(entry.productId);
  if (!definition || !product)
    return [
      breach(
        codes.unknownDefinition,
        `Product definition ${entry.productDefinitionId} is not sold any more.`,
        'productDefinitionId',
      ),
    ];
  if (isSoldOnlyAsRequired(product.kind)) {
    return [
      breach(
        codes.soldOnlyAsRequired,
        `Product definition ${definition.id} is a deposit: it comes with the product that requires it and is not sold on its own.`,
        'productDefinitionId',
      ),
    ];
  }
  const quantity =
    entry.quantity > facts.limits.maxQuantityPerEntry
      ? [
          breach(
            codes.entryQuantityLimit,
            `An entry may hold at most ${facts.limits.maxQuantityPerEntry} places.`,
            'allocation',
          ),
        ]
      : product.kind === 'CONSUMPTION' && entry.quantity !== 1
        ? [
            breach(
              consumptionErrorCodes.oneKeycardPerEntry,
              'A pay-per-use entry registers one keycard: its quantity is 1.',
              'allocation',
            ),
          ]
        : [];
  return [
    ...personTypeBreaches(entry, definition),
    ...personNamedTwiceBreaches(entry),
    ...attributeBreaches(entry, definition),
    ...quantity,
    ...validityBreaches(entry, definition, product, facts, flags),
    ...personAgeBreaches(entry, definition, product, facts),
  ];
}

/** Places the customer asked for in a basket: originated entries (deposits) are not counted. */
export function basketPlaces(entries: Pick<RuledEntry, 'quantity' | 'originEntryId'>[]): number {
  return entries.reduce((sum, entry) => sum + (entry.originEntryId === null ? entry.quantity : 0), 0);
}

export function basketPlacesBreach(
  entries: Pick<RuledEntry, 'quantity' | 'originEntryId'>[],
  facts: Pick<EntryFacts, 'limits'>,
): SaleRuleBreach | null {
  const places = basketPlaces(entries);
  const limit = facts.limits.maxPlacesPerBasket;
  return places > limit
    ? breach(
        codes.basketPlacesLimit,
        `A basket may hold at most ${limit} places (this one would hold ${places}).`,
      )
    : null;
}
