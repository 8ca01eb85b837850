import { DateTime } from 'luxon';
import { zonedToday } from './zoned-today';

const plain = (now: Date, timezone: string) => DateTime.fromJSDate(now).setZone(timezone).toISODate();

describe('zonedToday', () => {
  it('answers as luxon does, minute by minute across both summer-time changes and midnights', () => {
    for (const zone of ['Europe/Zurich', 'America/New_York', 'UTC']) {
      for (const start of ['2026-03-28T20:00:00Z', '2026-10-24T20:00:00Z', '2026-12-31T20:00:00Z']) {
        const from = Date.parse(start);
        for (let minute = 0; minute < 3 * 24 * 60; minute += 7) {
          const now = new Date(from + minute * 60_000);
          expect(zonedToday(now, zone)).toBe(plain(now, zone));
        }
      }
    }
  });

  it('answers for an earlier instant too (clocks of tests go back)', () => {
    const later = new Date('2026-06-02T10:00:00Z');
    const earlier = new Date('2026-06-01T21:59:59Z');
    expect(zonedToday(later, 'Europe/Zurich')).toBe('2026-06-02');
    expect(zonedToday(earlier, 'Europe/Zurich')).toBe('2026-06-01');
    expect(zonedToday(new Date('2026-06-01T22:00:00Z'), 'Europe/Zurich')).toBe('2026-06-02');
  });
});
