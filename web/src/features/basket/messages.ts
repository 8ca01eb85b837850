import { defineMessage, defineMessages } from 'react-intl';

export const productPageMessages = {
  ...defineMessages({
    loading: { id: 'product.loading', defaultMessage: 'Loading the product…' },
    notFound: { id: 'product.notFound', defaultMessage: 'This product is not available.' },
    backToCatalogue: { id: 'product.backToCatalogue', defaultMessage: 'Back to all products' },
    personTypesLegend: { id: 'product.personTypes.legend', defaultMessage: 'Who is coming?' },
    quantityLabel: { id: 'product.quantity.label', defaultMessage: 'Quantity' },
    durationLabel: { id: 'product.duration.label', defaultMessage: 'Duration' },
    validityLegend: { id: 'product.validity.legend', defaultMessage: 'First day' },
    slotDayLegend: { id: 'product.slotDay.legend', defaultMessage: 'Day of the ride' },
    slotsLegend: { id: 'product.slots.legend', defaultMessage: 'Time slot' },
    chooseDayFirst: { id: 'product.slots.chooseDay', defaultMessage: 'Choose a day to see its time slots.' },
    noSlots: { id: 'product.slots.none', defaultMessage: 'No time slot has places left on this day.' },
    summaryHeading: { id: 'product.summary.heading', defaultMessage: 'Your selection' },
    nothingChosen: { id: 'product.summary.nothing', defaultMessage: 'Choose at least one person.' },
    addToBasket: { id: 'product.addToBasket', defaultMessage: 'Add to basket' },
    adding: { id: 'product.adding', defaultMessage: 'Adding…' },
    added: { id: 'product.added', defaultMessage: 'Added to your basket.' },
    goToBasket: { id: 'product.goToBasket', defaultMessage: 'Go to the basket' },
    estimateNote: { id: 'product.summary.estimate', defaultMessage: 'The basket confirms the final price.' },
  }),
  ageRange: defineMessage<{ min: number; max: number }>(
    { id: 'product.personType.ageRange', defaultMessage: '{min} to {max} years' },
    { typed: true },
  ),
  ageFrom: defineMessage<{ min: number }>(
    { id: 'product.personType.ageFrom', defaultMessage: 'from {min} years' },
    { typed: true },
  ),
  quantityCapped: defineMessage<{ max: number }>(
    {
      id: 'product.personType.quantityCapped',
      defaultMessage: 'At most {max} per booking: for a larger group, book again or ask the resort.',
    },
    { typed: true },
  ),
  season: defineMessage<{ name: string; from: string; to: string }>(
    { id: 'product.season', defaultMessage: 'Valid for the whole {name}: {from} to {to}.' },
    { typed: true },
  ),
  slotOption: defineMessage<{ from: string; to: string; places: number }>(
    {
      id: 'product.slots.option',
      defaultMessage: '{from} – {to}, {places, plural, one {# place left} other {# places left}}',
    },
    { typed: true },
  ),
  slotFull: defineMessage<{ from: string; to: string }>(
    { id: 'product.slots.full', defaultMessage: '{from} – {to}, full' },
    { typed: true },
  ),
  slotTooSmall: defineMessage<{ from: string; to: string; places: number; needed: number }>(
    {
      id: 'product.slots.tooSmall',
      defaultMessage:
        '{from} – {to}, {places, plural, one {# place left} other {# places left}}: not enough for {needed}',
    },
    { typed: true },
  ),
  lineTitle: defineMessage<{ quantity: number; name: string }>(
    { id: 'product.summary.line', defaultMessage: '{quantity} × {name}' },
    { typed: true },
  ),
  /** a required product (the keycard deposit): its own line in the basket, paid on top */
  extra: defineMessage<{ quantity: number; name: string; price: string }>(
    { id: 'product.summary.extra', defaultMessage: 'plus {quantity} × {name} ({price})' },
    { typed: true },
  ),
  /** before a day is chosen: the lowest price of the days that can be booked */
  priceFrom: defineMessage<{ price: string }>(
    { id: 'product.summary.priceFrom', defaultMessage: 'from {price}' },
    { typed: true },
  ),
  total: defineMessage<{ price: string }>(
    { id: 'product.summary.total', defaultMessage: 'Total: {price}' },
    { typed: true },
  ),
  totalFrom: defineMessage<{ price: string }>(
    { id: 'product.summary.totalFrom', defaultMessage: 'Total: from {price}' },
    { typed: true },
  ),
};

export const calendarMessages = {
  ...defineMessages({
    previousMonth: { id: 'calendar.previousMonth', defaultMessage: 'Previous month' },
    nextMonth: { id: 'calendar.nextMonth', defaultMessage: 'Next month' },
    legend: { id: 'calendar.legend', defaultMessage: 'Price level' },
    low: { id: 'calendar.level.low', defaultMessage: 'low price' },
    medium: { id: 'calendar.level.medium', defaultMessage: 'medium price' },
    high: { id: 'calendar.level.high', defaultMessage: 'high price' },
    unavailable: { id: 'calendar.unavailable', defaultMessage: 'not available' },
    loadingPrices: { id: 'calendar.loadingPrices', defaultMessage: 'Loading prices…' },
  }),
  timezone: defineMessage<{ zone: string }>(
    { id: 'calendar.timezone', defaultMessage: 'Days and times in {zone}.' },
    { typed: true },
  ),
};

export const basketMessages = {
  ...defineMessages({
    title: { id: 'basket.title', defaultMessage: 'Your basket' },
    intro: { id: 'basket.intro', defaultMessage: 'Check your tickets before you go to the checkout.' },
    navLink: { id: 'basket.nav', defaultMessage: 'Basket' },
    empty: { id: 'basket.empty', defaultMessage: 'Your basket is empty.' },
    loading: { id: 'basket.loading', defaultMessage: 'Loading your basket…' },
    remove: { id: 'basket.remove', defaultMessage: 'Remove' },
    total: { id: 'basket.total', defaultMessage: 'Total' },
    holdActive: { id: 'basket.hold.active', defaultMessage: 'Your time-slot places are reserved for you.' },
    entryHeld: { id: 'basket.entry.held', defaultMessage: 'Places reserved' },
    entryHoldExpired: { id: 'basket.entry.holdExpired', defaultMessage: 'Reservation expired' },
    proceed: { id: 'basket.proceed', defaultMessage: 'Proceed to checkout' },
    continueShopping: { id: 'basket.continue', defaultMessage: 'Continue shopping' },
    soldOut: {
      id: 'basket.problem.soldOut',
      defaultMessage:
        'Sorry, this time slot is sold out: there are not enough places left for your selection. Please choose another time slot.',
    },
    holdLimit: {
      id: 'basket.problem.holdLimit',
      defaultMessage:
        'You already hold as many places on this time slot as one customer may. Please choose fewer places or another time slot.',
    },
    quantityLimit: {
      id: 'basket.problem.quantityLimit',
      defaultMessage: 'That is more tickets than can be booked online at once. Please choose fewer.',
    },
    notBookable: {
      id: 'basket.problem.notBookable',
      defaultMessage: 'These dates cannot be booked (any more). Please choose another day.',
    },
    tooMany: {
      id: 'basket.problem.tooMany',
      defaultMessage: 'Too many attempts in a short time. Please wait a minute and try again.',
    },
    waitingRoom: {
      id: 'basket.problem.waitingRoom',
      defaultMessage:
        'This product is sold through a waiting room, and it is not your turn (any more). Please join the queue above.',
    },
    conflict: {
      id: 'basket.problem.conflict',
      defaultMessage: 'Your basket changed in the meantime. Please check it and try again.',
    },
    failed: {
      id: 'basket.problem.failed',
      defaultMessage: 'Your basket could not be updated. Please try again later.',
    },
  }),
  navLinkWithCount: defineMessage<{ count: number }>(
    { id: 'basket.navWithCount', defaultMessage: 'Basket ({count})' },
    { typed: true },
  ),
  holdExpires: defineMessage<{ time: string }>(
    { id: 'basket.hold.expires', defaultMessage: 'Your time-slot places are reserved until {time}.' },
    { typed: true },
  ),
  holdExpired: defineMessage<{ time: string }>(
    {
      id: 'basket.hold.expired',
      defaultMessage:
        'The reservation of your time-slot places expired at {time}. Add the slot again to reserve it.',
    },
    { typed: true },
  ),
  removeLabel: defineMessage<{ name: string }>(
    { id: 'basket.removeLabel', defaultMessage: 'Remove {name}' },
    { typed: true },
  ),
  unitPrice: defineMessage<{ price: string }>(
    { id: 'basket.unitPrice', defaultMessage: '{price} each' },
    { typed: true },
  ),
};

/** The basket page's quantities, removal, empty state and licence plate. */
export const basketLineMessages = {
  ...defineMessages({
    emptyHint: {
      id: 'basket.empty.hint',
      defaultMessage: 'Find a lift pass, a gondola ride or a parking space in our offers.',
    },
    emptyAction: { id: 'basket.empty.action', defaultMessage: 'Browse tickets and passes' },
    summaryHeading: { id: 'basket.summary.heading', defaultMessage: 'Summary' },
    plateLabel: { id: 'basket.plate.label', defaultMessage: 'Licence plate' },
    plateHint: {
      id: 'basket.plate.hint',
      defaultMessage: 'The barrier reads your licence plate: choose the car you come with.',
    },
    plateNone: { id: 'basket.plate.none', defaultMessage: 'No plate chosen' },
    plateAdd: { id: 'basket.plate.add', defaultMessage: 'Add a licence plate' },
    plateNumber: { id: 'basket.plate.number', defaultMessage: 'Plate number' },
    plateCountry: { id: 'basket.plate.country', defaultMessage: 'Country' },
    plateSave: { id: 'basket.plate.save', defaultMessage: 'Save and use this plate' },
    plateInvalid: { id: 'basket.plate.invalid', defaultMessage: 'Please enter 1 to 30 letters or digits.' },
    plateRegistered: {
      id: 'basket.plate.registered',
      defaultMessage: 'This plate is registered already. Please check it, or choose it from your plates.',
    },
    plateNoPerson: {
      id: 'basket.plate.noPerson',
      defaultMessage: 'Please add your details in your account first: a plate belongs to a person.',
    },
    plateFailed: {
      id: 'basket.plate.failed',
      defaultMessage: 'The plate could not be saved. Please try again.',
    },
    plateGuest: {
      id: 'basket.plate.guest',
      defaultMessage:
        'Sign in to register your licence plate: the barrier then opens by itself. Without a plate, scan the code of your parking ticket at the barrier.',
    },
    plateSignIn: { id: 'basket.plate.signIn', defaultMessage: 'Sign in to add a plate' },
  }),
  quantityGroup: defineMessage<{ name: string }>(
    { id: 'basket.quantity.group', defaultMessage: 'Quantity of {name}' },
    { typed: true },
  ),
  fewer: defineMessage<{ name: string }>(
    { id: 'basket.quantity.fewer', defaultMessage: 'One fewer: {name}' },
    { typed: true },
  ),
  more: defineMessage<{ name: string }>(
    { id: 'basket.quantity.more', defaultMessage: 'One more: {name}' },
    { typed: true },
  ),
  quantityChanged: defineMessage<{ name: string; quantity: number; total: string }>(
    { id: 'basket.quantity.changed', defaultMessage: '{quantity} × {name}. New total: {total}.' },
    { typed: true },
  ),
  removed: defineMessage<{ name: string; total: string }>(
    { id: 'basket.removed', defaultMessage: '{name} was removed. New total: {total}.' },
    { typed: true },
  ),
  removedLast: defineMessage<{ name: string }>(
    { id: 'basket.removedLast', defaultMessage: '{name} was removed. Your basket is empty now.' },
    { typed: true },
  ),
  plateChosen: defineMessage<{ plate: string }>(
    { id: 'basket.plate.chosen', defaultMessage: 'The barrier will recognise {plate}.' },
    { typed: true },
  ),
};

/** A season pass's basket line: the keycard the pass is loaded onto (the gates read the card, there is no paper pass). */
export const seasonPassKeycardMessages = {
  ...defineMessages({
    label: { id: 'basket.seasonPass.keycard.label', defaultMessage: 'Keycard for this season pass' },
    hint: {
      id: 'basket.seasonPass.keycard.hint',
      defaultMessage: 'The season pass is loaded onto this card: the gates read it all season.',
    },
    none: { id: 'basket.seasonPass.keycard.none', defaultMessage: 'No keycard chosen' },
    failed: {
      id: 'basket.seasonPass.keycard.failed',
      defaultMessage: 'The keycard could not be chosen. Please try again.',
    },
    guest: {
      id: 'basket.seasonPass.keycard.guest',
      defaultMessage: 'Sign in to load the season pass onto your keycard: the gates read the card.',
    },
    signIn: { id: 'basket.seasonPass.keycard.signIn', defaultMessage: 'Sign in to choose a keycard' },
  }),
  chosen: defineMessage<{ card: string }>(
    { id: 'basket.seasonPass.keycard.chosen', defaultMessage: 'The season pass will be loaded onto {card}.' },
    { typed: true },
  ),
};

/** Why a calendar day cannot be chosen, and the grid's keyboard hint. */
export const calendarReasonMessages = {
  ...defineMessages({
    past: { id: 'calendar.reason.past', defaultMessage: 'this day is over' },
    closed: { id: 'calendar.reason.closed', defaultMessage: 'closed on this day' },
    salesClosed: {
      id: 'calendar.reason.salesClosed',
      defaultMessage: 'online sales for this day have closed',
    },
    soldOut: { id: 'calendar.reason.soldOut', defaultMessage: 'sold out' },
    noSlot: { id: 'calendar.reason.noSlot', defaultMessage: 'no time slot on this day' },
    keyboardHint: {
      id: 'calendar.keyboardHint',
      defaultMessage:
        'Arrow keys move between days, Page Up and Page Down between months; Enter chooses the day.',
    },
  }),
  beforeSeason: defineMessage<{ date: string }>(
    { id: 'calendar.reason.beforeSeason', defaultMessage: 'before the season, which starts on {date}' },
    { typed: true },
  ),
  afterSeason: defineMessage<{ date: string }>(
    { id: 'calendar.reason.afterSeason', defaultMessage: 'after the season, which ended on {date}' },
    { typed: true },
  ),
  salesNotOpen: defineMessage<{ date: string }>(
    { id: 'calendar.reason.salesNotOpen', defaultMessage: 'online sales open on {date}' },
    { typed: true },
  ),
  monthUnavailable: defineMessage<{ reason: string }>(
    { id: 'calendar.monthUnavailable', defaultMessage: 'No day of this month can be booked: {reason}.' },
    { typed: true },
  ),
  dayStatus: defineMessage<{ date: string; status: string }>(
    { id: 'calendar.dayStatus', defaultMessage: '{date}: {status}' },
    { typed: true },
  ),
};

/** The price insight widget (flag priceInsightWidget). */
export const priceInsightMessages = {
  ...defineMessages({
    heading: { id: 'priceInsight.heading', defaultMessage: 'Price insight' },
    low: { id: 'priceInsight.position.low', defaultMessage: 'one of the lower prices of these days' },
    middle: { id: 'priceInsight.position.middle', defaultMessage: 'an average price for these days' },
    high: { id: 'priceInsight.position.high', defaultMessage: 'one of the higher prices of these days' },
    unchanged: {
      id: 'priceInsight.unchanged',
      defaultMessage: 'The price of this day has not changed since it was published.',
    },
  }),
  spread: defineMessage<{ from: string; min: string; max: string; median: string }>(
    {
      id: 'priceInsight.spread',
      defaultMessage: 'In the 30 days from {from} a ticket costs {min} to {max}, usually {median}.',
    },
    { typed: true },
  ),
  chosen: defineMessage<{ day: string; price: string; position: string }>(
    { id: 'priceInsight.chosen', defaultMessage: '{day}: {price}, {position}.' },
    { typed: true },
  ),
  changed: defineMessage<{ count: number; first: string; current: string }>(
    {
      id: 'priceInsight.changed',
      defaultMessage:
        'The price of this day changed {count, plural, one {# time} other {# times}}: from {first} to {current}. Prices follow demand; booking early often pays.',
    },
    { typed: true },
  ),
};
