import type { QueueTicket } from './api';

const shortestMs = 2_000;
/** well below the server's WAITING_ROOM_ABANDON_AFTER_SECONDS (120 s), so a patient visitor is never let go */
const longestMs = 30_000;

/**
 * When to ask for the place again: soon when the turn is near, seldom when it is far, and backing off
 * (doubling) after failed asks, so a surge of waiting visitors does not add to the load it waits out.
 * 0: stop asking (admitted, expired or closed).
 */
export function nextPollDelayMs(ticket: QueueTicket | undefined, failures: number): number {
  if (failures > 0) return Math.min(longestMs, shortestMs * 2 ** failures);
  if (!ticket) return shortestMs;
  if (ticket.status === 'BEFORE_OPENING') return clamp(((ticket.estimatedWaitSeconds ?? 0) * 1000) / 2);
  if (ticket.status === 'WAITING') return clamp(((ticket.estimatedWaitSeconds ?? 0) * 1000) / 4);
  return 0;
}

const clamp = (ms: number) => Math.round(Math.min(longestMs, Math.max(shortestMs, ms)));
