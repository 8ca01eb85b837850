import { DateTime } from 'luxon';
import type { OrderItemRecord, ProductKind, TicketRecord } from '@alpenpass/contracts';
import { nameBasedUuid } from '../platform/name-based-uuid';

/** What the catalogue says about an item's product, as far as tickets care. */
export interface TicketProductFacts {
  kind: ProductKind | null;
  timezone: string;
}

export type PlannedTicket = Omit<TicketRecord, 'code'>;

export const DEFAULT_TICKET_TIMEZONE = 'Europe/Zurich';
/** products that entitle to nothing at the gate: deposits; pay per use, whose keycard the gate knows
 * (a ticket without dates would admit forever) */
const productKindsWithoutTickets: ReadonlySet<ProductKind> = new Set(['DEPOSIT', 'CONSUMPTION']);

/** The same ticket always gets the same id, so a repeated fulfilment plans exactly the tickets of the first.
 * `day` is the ticket's one day of access; a ticket over several days (or without dates) is 'whole'. Orders
 * fulfilled before a multi-day pass got one ticket over its days hold a ticket per day of it, under its day:
 * those stay as issued. */
export const ticketIdOf = (orderId: number, itemId: string, personIndex: number, day: string | null) =>
  nameBasedUuid(`alpenpass/ticket/${orderId}/${itemId}/${personIndex}/${day ?? 'whole'}`);

const isDateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The validity as instants in the pool's timezone; a date-only end counts its whole day. */
function zonedValidity(
  validity: { from: string; to: string },
  timezone: string,
): { from: DateTime; to: DateTime } {
  const from = DateTime.fromISO(validity.from, { zone: timezone });
  const to = DateTime.fromISO(validity.to, { zone: timezone });
  return { from, to: isDateOnly(validity.to) ? to.endOf('day') : to };
}

/** The days of access (yyyy-MM-dd in the pool's timezone) a validity covers; an end at midnight
 * sharp does not open another day. */
export function accessDays(validity: { from: string; to: string }, timezone: string): string[] {
  const { from, to } = zonedValidity(validity, timezone);
  if (!from.isValid || !to.isValid || to < from) return [];
  const last = to > from && to.equals(to.startOf('day')) ? to.minus({ milliseconds: 1 }) : to;
  const days: string[] = [];
  for (let day = from.startOf('day'); day <= last; day = day.plus({ days: 1 })) days.push(day.toISODate()!);
  return days;
}

/** The validity cut to its days of access, from the first day's start to the last day's end (an end at
 * midnight sharp stays on the day before), as instants in the pool's timezone. */
function validityOverDays(
  validity: { from: string; to: string },
  days: readonly string[],
  timezone: string,
): { from: string; to: string } {
  const { from, to } = zonedValidity(validity, timezone);
  const start = DateTime.fromISO(days[0]!, { zone: timezone });
  const end = DateTime.fromISO(days[days.length - 1]!, { zone: timezone }).endOf('day');
  return { from: DateTime.max(from, start).toISO()!, to: DateTime.min(to, end).toISO()! };
}

/**
 * The tickets a paid order entitles to (docs/tickets.md, "Issuance"): per item one ticket per person
 * (its quantity). A ticket of one day of access carries that `day`; a multi-day pass or a season is one
 * ticket over all its days (`day` null, the validity cut to its first and last day); an item without
 * validity one ticket without dates; deposits and pay per use none. Pure and deterministic.
 */
export function planTickets(
  orderId: number,
  items: readonly OrderItemRecord[],
  productOf: (productId: number) => TicketProductFacts,
): PlannedTicket[] {
  return items.flatMap((item) => {
    const product = productOf(item.productId);
    if (product.kind !== null && productKindsWithoutTickets.has(product.kind)) return [];
    const season = product.kind === 'SEASON_SUBSCRIPTION';
    const days = item.validity && !season ? accessDays(item.validity, product.timezone) : [];
    const oneDay = days.length === 1 ? days[0]! : null;
    // a season keeps its period as sold
    const validity =
      item.validity && days.length > 0
        ? validityOverDays(item.validity, days, product.timezone)
        : item.validity;
    const personId = item.quantity === 1 ? (item.personalization?.personId ?? null) : null;
    return Array.from({ length: item.quantity }, (_, index) => index + 1).map(
      (personIndex): PlannedTicket => ({
        ticketId: ticketIdOf(orderId, item.itemId, personIndex, oneDay),
        orderItemId: item.itemId,
        productId: item.productId,
        productDefinitionId: item.productDefinitionId,
        personId,
        personIndex,
        personCount: item.quantity,
        slotId: item.slotId,
        validity,
        day: oneDay,
        keycardId: item.personalization?.keycardId ?? null,
      }),
    );
  });
}
