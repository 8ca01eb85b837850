import { gateDay } from './gate-day';

const seeded = (seed: number) => () => {
  seed = (seed * 16807) % 2147483647;
  return (seed - 1) / 2147483646;
};

describe('the simulated gate day', () => {
  const cards = [
    { system: 'SKIDATA' as const, number: '01161472550123456789013' },
    { system: 'AXESS' as const, number: 'A1CE0000-111-222' },
  ];
  const events = gateDay(cards, '2030-12-20', seeded(42));

  it('starts each card with a valley passage, then rides, all on that day in the resort', () => {
    for (const card of cards) {
      const own = events.filter((entry) => entry.event.card?.number === card.number);
      expect(own[0]!.event.kind).toBe('PASSAGE');
      expect(own.filter((entry) => entry.event.kind === 'RIDE').length).toBeGreaterThanOrEqual(3);
      const times = own.map((entry) => Date.parse(entry.event.occurredAt));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      for (const entry of own) expect(entry.event.occurredAt.startsWith('2030-12-20T')).toBe(true);
      expect(own.every((entry) => entry.system === card.system)).toBe(true);
    }
  });

  it('gives every event an id of its own and parks some cars for minutes', () => {
    expect(new Set(events.map((entry) => entry.event.eventId)).size).toBe(events.length);
    const many = gateDay(
      Array.from({ length: 30 }, (_, index) => ({
        system: 'AXESS' as const,
        number: `A1CE${String(index).padStart(4, '0')}-111-222`,
      })),
      '2030-12-20',
      seeded(7),
    );
    const parking = many.filter((entry) => entry.event.kind === 'PARKING');
    expect(parking.length).toBeGreaterThan(0);
    expect(parking.every((entry) => (entry.event.quantity ?? 0) > 60)).toBe(true);
  });
});
