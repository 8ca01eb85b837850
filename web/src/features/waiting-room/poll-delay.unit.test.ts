import type { QueueTicket } from './api';
import { nextPollDelayMs, placeShown } from './poll-delay';

const ticket = (status: QueueTicket['status'], estimatedWaitSeconds: number | null): QueueTicket => ({
  ticketId: 't',
  saleId: 1,
  status,
  opensAt: '2030-12-20T08:00:00Z',
  position: status === 'WAITING' ? 10 : null,
  estimatedWaitSeconds,
  admissionToken: null,
  admissionExpiresAt: null,
  useBy: null,
  productDefinitionIds: [1031],
});

describe('asking for the place again', () => {
  it('asks often when the turn is near and seldom when it is far, within 2 to 30 seconds', () => {
    expect(nextPollDelayMs(ticket('WAITING', 4), 0)).toBe(2_000);
    expect(nextPollDelayMs(ticket('WAITING', 40), 0)).toBe(10_000);
    expect(nextPollDelayMs(ticket('WAITING', 3_600), 0)).toBe(30_000);
    expect(nextPollDelayMs(ticket('BEFORE_OPENING', 20), 0)).toBe(10_000);
  });

  it("follows the server's hint when it gives one, never sooner than 2 seconds", () => {
    expect(nextPollDelayMs({ ...ticket('WAITING', 400), pollAfterSeconds: 60 }, 0)).toBe(60_000);
    expect(nextPollDelayMs({ ...ticket('BEFORE_OPENING', 20), pollAfterSeconds: 10 }, 0)).toBe(10_000);
    expect(nextPollDelayMs({ ...ticket('WAITING', 1), pollAfterSeconds: 0 }, 0)).toBe(2_000);
    expect(nextPollDelayMs({ ...ticket('ADMITTED', null), pollAfterSeconds: null }, 0)).toBe(0);
  });

  it('never shows a waiting place further back than one shown before', () => {
    const at = (position: number) => ({ ...ticket('WAITING', position), position });
    expect(placeShown(at(12), at(9)).position).toBe(9);
    expect(placeShown(at(9), at(12)).position).toBe(9);
    expect(placeShown(undefined, at(12)).position).toBe(12);
    expect(placeShown({ ...at(9), ticketId: 'other' }, at(12)).position).toBe(12);
    expect(placeShown(at(9), ticket('ADMITTED', null)).status).toBe('ADMITTED');
  });

  it('backs off after failures, doubling up to 30 seconds', () => {
    expect([1, 2, 3, 4, 5].map((failures) => nextPollDelayMs(ticket('WAITING', 4), failures))).toEqual([
      4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('stops once admitted, expired or closed', () => {
    expect(nextPollDelayMs(ticket('ADMITTED', null), 0)).toBe(0);
    expect(nextPollDelayMs(ticket('EXPIRED', null), 0)).toBe(0);
    expect(nextPollDelayMs(ticket('CLOSED', null), 0)).toBe(0);
  });
});
