import type { QueueTicket } from './api';
import { nextPollDelayMs } from './poll-delay';

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
