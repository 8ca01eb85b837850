import { defaultPaceSettings, paceOf } from './pace';

describe("the waiting room's pace", () => {
  const pace = (loads: { p99Ms: number | null; inFlight: number }[]) =>
    paceOf(120, loads, defaultPaceSettings);

  it('admits at the staff-set rate while every process answers within the target, or none reported', () => {
    expect(pace([])).toBe(120);
    expect(
      pace([
        { p99Ms: 250, inFlight: 10 },
        { p99Ms: null, inFlight: 0 },
      ]),
    ).toBe(120);
  });

  it('slows down in proportion to the worst p99 above the target', () => {
    expect(
      pace([
        { p99Ms: 100, inFlight: 3 },
        { p99Ms: 500, inFlight: 3 },
      ]),
    ).toBe(60);
  });

  it('slows down when a process carries more requests than it should at once', () => {
    expect(pace([{ p99Ms: 100, inFlight: 128 }])).toBe(60);
  });

  it('never stops the queue: at least a tenth of the staff rate', () => {
    expect(pace([{ p99Ms: 10_000, inFlight: 1 }])).toBe(12);
  });
});
