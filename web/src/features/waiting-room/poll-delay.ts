import type { QueueTicket } from './api';

const shortestMs = 2_000;
/** without the server's hint: well below its WAITING_ROOM_ABANDON_AFTER_SECONDS (120 s), so a patient visitor is never let go */
const longestMs = 30_000;

/**
 * When to ask for the place again: when the server says (`pollAfterSeconds`: a quarter of the estimate, so
 * asks fall the longer the queue, within half the server's abandonment time), else soon when the turn is
 * near and seldom when it is far; backing off (doubling) after failed asks, so a surge of waiting visitors
 * does not add to the load it waits out. 0: stop asking (admitted, expired or closed).
 */
export function nextPollDelayMs(ticket: QueueTicket | undefined, failures: number): number {
  if (failures > 0) return Math.min(longestMs, shortestMs * 2 ** failures);
  if (!ticket) return shortestMs;
  if (ticket.status !== 'BEFORE_OPENING' && ticket.status !== 'WAITING') return 0;
  if (typeof ticket.pollAfterSeconds === 'number')
    return Math.max(shortestMs, Math.round(ticket.pollAfterSeconds * 1000));
  if (ticket.status === 'BEFORE_OPENING') return clamp(((ticket.estimatedWaitSeconds ?? 0) * 1000) / 2);
  if (ticket.status === 'WAITING') return clamp(((ticket.estimatedWaitSeconds ?? 0) * 1000) / 4);
  return 0;
}

const clamp = (ms: number) => Math.round(Math.min(longestMs, Math.max(shortestMs, ms)));

/** The place to show: a waiting visitor's position never goes up on the page, whichever answer came last. */
export function placeShown(previous: QueueTicket | undefined, next: QueueTicket): QueueTicket {
  if (
    previous?.ticketId !== next.ticketId ||
    previous.status !== 'WAITING' ||
    next.status !== 'WAITING' ||
    previous.position === null ||
    next.position === null ||
    next.position <= previous.position
  )
    return next;
  return { ...next, position: previous.position };
}
