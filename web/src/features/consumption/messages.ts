import { defineMessage, defineMessages } from 'react-intl';

/** The profile's pay-per-use page (/:locale/profile/consumptions) and a CONSUMPTION order's billed days. */
export const consumptionMessages = {
  ...defineMessages({
    title: { id: 'consumptions.title', defaultMessage: 'Pay per use' },
    description: {
      id: 'consumptions.description',
      defaultMessage:
        'The days your keycards were seen at the gates, what each day costs and how it was billed.',
    },
    loading: { id: 'consumptions.loading', defaultMessage: 'Loading your days of use…' },
    loadFailed: {
      id: 'consumptions.loadFailed',
      defaultMessage: 'Your days of use cannot be loaded right now. Please try again later.',
    },
    none: { id: 'consumptions.none', defaultMessage: 'No days of use yet' },
    noneHint: {
      id: 'consumptions.noneHint',
      defaultMessage:
        'Register a keycard for pay per use: every day it passes a gate is listed here, with its bill.',
    },
    noneAction: { id: 'consumptions.noneAction', defaultMessage: 'See the pay-per-use offer' },
    seasonHeading: { id: 'consumptions.season.heading', defaultMessage: 'This season' },
    seasonNone: {
      id: 'consumptions.season.none',
      defaultMessage: 'No keycard of yours was used in this period.',
    },
    totalsHeading: { id: 'consumptions.totals.heading', defaultMessage: 'All keycards' },
    daysHeading: { id: 'consumptions.days.heading', defaultMessage: 'Days of use' },
    day: { id: 'consumptions.day', defaultMessage: 'Day' },
    use: { id: 'consumptions.use', defaultMessage: 'Use' },
    price: { id: 'consumptions.price', defaultMessage: 'Price' },
    bill: { id: 'consumptions.bill', defaultMessage: 'Bill' },
    keycard: { id: 'consumptions.keycard', defaultMessage: 'Keycard' },
    billed: { id: 'consumptions.billedTotal', defaultMessage: 'Billed' },
    open: { id: 'consumptions.openTotal', defaultMessage: 'Not billed yet' },
    stateNotBilled: {
      id: 'consumptions.state.notBilled',
      defaultMessage: 'Not billed (no pay per use on this day)',
    },
    stateOpen: { id: 'consumptions.state.open', defaultMessage: 'Open: billed with the next daily bill' },
    stateBilled: { id: 'consumptions.state.billed', defaultMessage: 'Billed, payment pending' },
    statePaid: { id: 'consumptions.state.paid', defaultMessage: 'Paid' },
    stateFailed: { id: 'consumptions.state.failed', defaultMessage: 'Not paid: our staff will contact you' },
    declined: {
      id: 'consumptions.declined',
      defaultMessage: 'Your card was declined. Please pay this bill with another card.',
    },
    notCharged: { id: 'consumptions.notCharged', defaultMessage: 'not charged' },
    PASSAGE: { id: 'consumptions.kind.passage', defaultMessage: 'Turnstile' },
    RIDE: { id: 'consumptions.kind.ride', defaultMessage: 'Lift ride' },
    PARKING: { id: 'consumptions.kind.parking', defaultMessage: 'Car park' },
    previous: { id: 'consumptions.previous', defaultMessage: 'Previous page' },
    next: { id: 'consumptions.next', defaultMessage: 'Next page' },
    paging: { id: 'consumptions.paging', defaultMessage: 'Pages of the days of use' },
    billedDaysHeading: { id: 'consumptions.order.heading', defaultMessage: 'Days billed' },
    payNow: { id: 'consumptions.order.payNow', defaultMessage: 'Pay this bill' },
  }),
  period: defineMessage<{ from: string; to: string }>(
    { id: 'consumptions.period', defaultMessage: '{from} to {to}' },
    { typed: true },
  ),
  passages: defineMessage<{ count: number }>(
    { id: 'consumptions.passages', defaultMessage: '{count, plural, one {# passage} other {# passages}}' },
    { typed: true },
  ),
  rides: defineMessage<{ count: number }>(
    { id: 'consumptions.rides', defaultMessage: '{count, plural, one {# ride} other {# rides}}' },
    { typed: true },
  ),
  parking: defineMessage<{ minutes: number }>(
    { id: 'consumptions.parking', defaultMessage: '{minutes} min parking' },
    { typed: true },
  ),
  days: defineMessage<{ count: number }>(
    { id: 'consumptions.days', defaultMessage: '{count, plural, one {# day} other {# days}}' },
    { typed: true },
  ),
  daysAndUse: defineMessage<{ days: string; use: string }>(
    { id: 'consumptions.daysAndUse', defaultMessage: '{days}: {use}' },
    { typed: true },
  ),
  keycardById: defineMessage<{ id: number }>(
    { id: 'consumptions.keycardById', defaultMessage: 'Keycard {id}' },
    { typed: true },
  ),
  unknownKeycard: defineMessage<{ id: number }>(
    { id: 'consumptions.unknownKeycard', defaultMessage: 'Keycard {id} (deleted)' },
    { typed: true },
  ),
  order: defineMessage<{ refno: string }>(
    { id: 'consumptions.orderLink', defaultMessage: 'Bill {refno}' },
    { typed: true },
  ),
  readings: defineMessage<{ count: number }>(
    {
      id: 'consumptions.readings',
      defaultMessage: '{count, plural, one {# gate reading} other {# gate readings}}',
    },
    { typed: true },
  ),
  reading: defineMessage<{ time: string; kind: string; gate: string }>(
    { id: 'consumptions.reading', defaultMessage: '{time} {kind}, {gate}' },
    { typed: true },
  ),
  parkingReading: defineMessage<{ time: string; kind: string; gate: string; minutes: number }>(
    { id: 'consumptions.parkingReading', defaultMessage: '{time} {kind}, {gate}: {minutes} min' },
    { typed: true },
  ),
};
