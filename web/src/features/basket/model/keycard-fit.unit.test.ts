import { ageDayOf, ageRangeOf, keycardMisfit } from './keycard-fit';

describe('whether a card fits a basket line', () => {
  const needs = {
    media: ['SKIDATA', 'SWISSPASS'] as const,
    ageRange: { minAge: 16, maxAge: 64 },
    day: '2026-12-05',
    birthdates: new Map([
      [1, '1988-02-11'],
      [2, '2010-12-06'],
      [3, null],
    ]),
  };

  it('says the first reason the server would give: not active, then medium, then age', () => {
    expect(keycardMisfit({ type: 'SKIDATA', status: 'ACTIVE', personId: 1 }, needs)).toBeNull();
    expect(keycardMisfit({ type: 'AXESS', status: 'EXPIRED', personId: 2 }, needs)).toBe('notActive');
    expect(keycardMisfit({ type: 'AXESS', status: 'ACTIVE', personId: 2 }, needs)).toBe('medium');
    expect(keycardMisfit({ type: 'SWISSTRAVELPASS', status: 'ACTIVE', personId: 1 }, needs)).toBe('medium');
    // 15 on the first day, 16 the day after: the first day counts
    expect(keycardMisfit({ type: 'SWISSPASS', status: 'ACTIVE', personId: 2 }, needs)).toBe('age');
    expect(
      keycardMisfit({ type: 'SWISSPASS', status: 'ACTIVE', personId: 2 }, { ...needs, day: '2026-12-06' }),
    ).toBeNull();
    expect(keycardMisfit({ type: 'SWISSPASS', status: 'ACTIVE', personId: 3 }, needs)).toBeNull();
  });

  it("reads the first day in the pool's zone and the ages of the line's definition", () => {
    expect(ageDayOf({ from: new Date('2026-12-04T23:00:00.000Z'), to: '2027-04-18' }, 'Europe/Zurich')).toBe(
      '2026-12-05',
    );
    expect(ageDayOf({ from: '2026-12-05', to: '2027-04-18' }, 'Europe/Zurich')).toBe('2026-12-05');
    expect(ageDayOf(null, 'Europe/Zurich', new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
    const product = {
      productDefinitions: [
        { id: 1, attributes: { age: { value: 'adult', displayName: 'Adult', minAge: 16, maxAge: 64 } } },
        { id: 2, attributes: {} },
      ],
    } as unknown as Parameters<typeof ageRangeOf>[0];
    expect(ageRangeOf(product, 1)).toEqual({ minAge: 16, maxAge: 64 });
    expect(ageRangeOf(product, 2)).toEqual({});
  });
});
