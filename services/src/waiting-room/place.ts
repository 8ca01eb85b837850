import type { QueueTicketDto } from '@alpenpass/contracts';
import { signAdmission } from './admission-token';
import type { SaleRow } from './sale-rows';
import type { WaitingRoomSettings } from './settings';

/** What a place's answer needs of a ticket. */
export interface PlaceTicket {
  id: string;
  visitor: string;
  admitted_at: Date | null;
  used_at: Date | null;
  left_at: Date | null;
}

/** the quickest the server asks a visitor to come back */
const soonestPollSeconds = 2;

/**
 * When the visitor should ask again: a quarter of the estimate (half the time to the opening), so a visitor
 * asks about four times over their wait however long the queue is, between 2 s and half the abandonment time
 * — a visitor who follows the hint is never let go for not asking.
 */
function pollAfterSeconds(settings: WaitingRoomSettings, seconds: number, share: number): number {
  const latest = Math.max(soonestPollSeconds, Math.floor(settings.abandonAfterMs / 2_000));
  return Math.round(Math.min(latest, Math.max(soonestPollSeconds, seconds / share)));
}

/** A visitor's place (GET/POST …/queue): `position` is the waiting visitor's place, 1 = next, null otherwise. */
export function placeOf(
  deps: { settings: WaitingRoomSettings; admissionKey: Buffer },
  sale: SaleRow,
  ticket: PlaceTicket,
  at: Date,
  position: number | null,
): QueueTicketDto {
  const { settings } = deps;
  const base = {
    ticketId: ticket.id,
    saleId: Number(sale.id),
    opensAt: sale.opens_at.toISOString(),
    position: null,
    estimatedWaitSeconds: null,
    admissionToken: null,
    admissionExpiresAt: null,
    useBy: null,
    pollAfterSeconds: null,
    productDefinitionIds: sale.product_definition_ids,
  };
  if (sale.status !== 'SCHEDULED') return { ...base, status: 'CLOSED' };
  if (ticket.left_at) return { ...base, status: 'EXPIRED' };
  if (ticket.admitted_at) {
    const expiresAtMs = ticket.admitted_at.getTime() + settings.admissionSessionMs;
    return {
      ...base,
      status: 'ADMITTED',
      admissionToken: signAdmission(deps.admissionKey, {
        saleId: Number(sale.id),
        ticketId: ticket.id,
        visitor: ticket.visitor,
        expiresAtMs,
      }),
      admissionExpiresAt: new Date(expiresAtMs).toISOString(),
      useBy: ticket.used_at
        ? null
        : new Date(ticket.admitted_at.getTime() + settings.admissionGraceMs).toISOString(),
    };
  }
  if (sale.opens_at > at) {
    const seconds = Math.ceil((sale.opens_at.getTime() - at.getTime()) / 1000);
    return {
      ...base,
      status: 'BEFORE_OPENING',
      estimatedWaitSeconds: seconds,
      pollAfterSeconds: pollAfterSeconds(settings, seconds, 2),
    };
  }
  const place = position ?? 1;
  const seconds = Math.ceil(
    (place * 60) / (sale.current_admissions_per_minute ?? sale.admissions_per_minute),
  );
  return {
    ...base,
    status: 'WAITING',
    position: place,
    estimatedWaitSeconds: seconds,
    pollAfterSeconds: pollAfterSeconds(settings, seconds, 4),
  };
}
