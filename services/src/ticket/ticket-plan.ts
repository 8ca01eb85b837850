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
/** beyond this many days an item's validity is one ticket (a season), not a ticket per day */
export const MAX_DAY_TICKETS = 31;
/** products that entitle to nothing at the gate: deposits; pay per use, whose keycard the gate knows
 * (a ticket without dates would admit forever) */
const productKindsWithoutTickets: ReadonlySet<ProductKind> = new Set(['DEPOSIT', 'CONSUMPTION']);

/** The same ticket always gets the same id, so a repeated fulfilment plans exactly the tickets of the first. */
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
  for (
    let day = from.startOf('day');
    day <= last && days.length <= MAX_DAY_TICKETS;
    day = day.plus({ days: 1 })
  )
    days.push(day.toISODate()!);
  return days;
}

function validityOnDay(
  validity: { from: string; to: string },
  day: string,
  timezone: string,
): { from: string; to: string } {
  const { from, to } = zonedValidity(validity, timezone);
  const start = DateTime.fromISO(day, { zone: timezone });
  const end = start.endOf('day');
  return { from: DateTime.max(from, start).toISO()!, to: DateTime.min(to, end).toISO()! };
}

/**
 * The tickets a paid order entitles to (docs/tickets.md, "Issuance"): per item one ticket per person
 * (its quantity) and day of access; a season or a validity over MAX_DAY_TICKETS days is one ticket
 * per person; an item without validity one ticket per person; deposits none. Pure and deterministic.
 */
export function planTickets(
  orderId: number,
  items: readonly OrderItemRecord[],
  productOf: (productId: number) => TicketProductFacts,
): PlannedTicket[] {
  return items.flatMap((item) => {
    const product = productOf(item.productId);
    if (product.kind !== null && productKindsWithoutTickets.has(product.kind)) return [];
    const days = item.validity ? accessDays(item.validity, product.timezone) : [];
    const perDay =
      item.validity !== null &&
      product.kind !== 'SEASON_SUBSCRIPTION' &&
      days.length >= 1 &&
      days.length <= MAX_DAY_TICKETS;
    const periods: { day: string | null; validity: { from: string; to: string } | null }[] = perDay
      ? days.map((day) => ({ day, validity: validityOnDay(item.validity!, day, product.timezone) }))
      : [{ day: null, validity: item.validity }];
    const personId = item.quantity === 1 ? (item.personalization?.personId ?? null) : null;
    return Array.from({ length: item.quantity }, (_, index) => index + 1).flatMap((personIndex) =>
      periods.map((period): PlannedTicket => ({
        ticketId: ticketIdOf(orderId, item.itemId, personIndex, period.day),
        orderItemId: item.itemId,
        productId: item.productId,
        productDefinitionId: item.productDefinitionId,
        personId,
        personIndex,
        personCount: item.quantity,
        slotId: item.slotId,
        validity: period.validity,
        day: period.day,
        keycardId: item.personalization?.keycardId ?? null,
      })),
    );
  });
}
