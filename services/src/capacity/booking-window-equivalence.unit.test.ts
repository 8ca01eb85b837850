import fc from 'fast-check';
import { DateTime } from 'luxon';
import { offeredWindow, type OfferedWindow, type OfferedWindowInput } from './booking-window';

/** The rules as first written, all in luxon: offeredWindow remembers zone arithmetic and must agree. */
function reference(input: OfferedWindowInput): OfferedWindow {
  const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
  const { timezone, bookingWindow } = input;
  const now = DateTime.fromJSDate(input.now, { zone: timezone });
  const from = input.from
    ? isDay(input.from)
      ? DateTime.fromISO(input.from, { zone: timezone }).startOf('day')
      : DateTime.fromISO(input.from, { setZone: true })
    : now.startOf('day');
  const to = input.to
    ? isDay(input.to)
      ? DateTime.fromISO(input.to, { zone: timezone }).plus({ days: 1 }).startOf('day')
      : DateTime.fromISO(input.to, { setZone: true })
    : input.defaultDays === null
      ? null
      : from.plus({ days: input.defaultDays });
  let startsFrom = from.toJSDate();
  let startsBefore = to ? to.toJSDate() : null;
  let endsAfter: Date | null = null;
  if (!input.ignoreEarliestBookingTime && bookingWindow.earliestDaysBefore !== null) {
    const limit = now
      .startOf('day')
      .plus({ days: bookingWindow.earliestDaysBefore + 1 })
      .toJSDate();
    startsBefore = startsBefore && startsBefore < limit ? startsBefore : limit;
  }
  if (!input.ignoreLatestBookingTime) {
    if (bookingWindow.latestMinutesBeforeStart !== null) {
      const limit = now.plus({ minutes: bookingWindow.latestMinutesBeforeStart }).toJSDate();
      startsFrom = startsFrom > limit ? startsFrom : limit;
    } else endsAfter = input.now;
  }
  return { startsFrom, startsBefore, endsAfter };
}

// around the changes to and from summer time in 2026, in zones with odd offsets too
const instant = fc
  .integer({ min: Date.parse('2026-03-25T00:00:00Z'), max: Date.parse('2026-04-02T00:00:00Z') })
  .chain((ms) => fc.constantFrom(ms, ms + 210 * 86_400_000));
const zone = fc.constantFrom('Europe/Zurich', 'America/New_York', 'Asia/Kathmandu', 'UTC');
const text = fc.oneof(
  instant.map((ms) => new Date(ms).toISOString().slice(0, 10)),
  instant.map((ms) => new Date(ms).toISOString()),
  fc.tuple(instant, zone).map(([ms, timezone]) => DateTime.fromMillis(ms, { zone: timezone }).toISO()!),
);
const input: fc.Arbitrary<OfferedWindowInput> = fc.record({
  timezone: zone,
  bookingWindow: fc.record({
    earliestDaysBefore: fc.option(fc.integer({ min: 0, max: 90 })),
    latestMinutesBeforeStart: fc.option(fc.integer({ min: -600, max: 2000 })),
  }),
  now: instant.map((ms) => new Date(ms)),
  from: fc.option(text, { nil: undefined }),
  to: fc.option(text, { nil: undefined }),
  ignoreEarliestBookingTime: fc.boolean(),
  ignoreLatestBookingTime: fc.boolean(),
  defaultDays: fc.option(fc.integer({ min: 0, max: 60 })),
});

describe('offered window: remembered zone arithmetic', () => {
  it('agrees with the rules computed afresh for every call, across summer-time changes', () => {
    fc.assert(
      fc.property(fc.array(input, { minLength: 1, maxLength: 20 }), (inputs) => {
        for (const one of inputs) expect(offeredWindow(one)).toEqual(reference(one));
      }),
      { numRuns: 300 },
    );
  });
});
