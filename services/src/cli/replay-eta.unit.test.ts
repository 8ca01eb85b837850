import { etaText } from './replay-eta';

describe('the replay ETA', () => {
  const rate = { startPosition: 0, startedAtMs: 0 };

  it('extrapolates the pace so far to the head', () => {
    expect(etaText(rate, 1000, 5000, 2000)).toBe('500 positions/s, ETA 0:08');
    expect(etaText(rate, 100, 1_000_000, 10_000)).toBe('10 positions/s, ETA 27:46:30');
  });

  it('says nothing yet before the replay has moved, and 0:00 at the head', () => {
    expect(etaText(rate, 0, 5000, 2000)).toBe('ETA --:--');
    expect(etaText(rate, 5000, 5000, 2000)).toBe('2500 positions/s, ETA 0:00');
  });
});
