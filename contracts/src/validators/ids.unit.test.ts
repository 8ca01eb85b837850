import { basketId, databaseId, numericId, numericIdParam, parsedDatabaseId } from './ids';

describe('ids (§5)', () => {
  it.each([1, 42])('numericId accepts %j', (input) => expect(numericId.parse(input)).toBe(input));
  it.each([0, -1, 1.5, '1'])('numericId rejects %j', (input) =>
    expect(numericId.safeParse(input).success).toBe(false),
  );

  it.each([2_147_483_648, Number.MAX_SAFE_INTEGER])(
    'numeric ids stop at the PostgreSQL integer range: %j is refused',
    (input) => {
      expect(numericId.safeParse(input).success).toBe(false);
      expect(numericIdParam.safeParse(String(input)).success).toBe(false);
      expect(databaseId.safeParse(input).success).toBe(false);
      expect(parsedDatabaseId.safeParse(String(input)).success).toBe(false);
      expect(numericId.parse(2_147_483_647)).toBe(2_147_483_647);
    },
  );

  it('numericIdParam reads path text', () => {
    expect(numericIdParam.parse('17')).toBe(17);
    expect(numericIdParam.safeParse('0').success).toBe(false);
  });

  it.each([1, 99])('databaseId accepts %j', (input) => expect(databaseId.parse(input)).toBe(input));
  it.each([0, -3, 2.5])('databaseId rejects %j', (input) =>
    expect(databaseId.safeParse(input).success).toBe(false),
  );

  it.each([
    [0, 0],
    ['0', 0],
    ['12', 12],
  ])('parsedDatabaseId accepts %j', (input, expected) =>
    expect(parsedDatabaseId.parse(input)).toBe(expected),
  );
  it.each([-1, '-1', 'x', 1.5])('parsedDatabaseId rejects %j', (input) =>
    expect(parsedDatabaseId.safeParse(input).success).toBe(false),
  );

  it('basket ids are uuids', () => {
    expect(basketId.safeParse('9b2f7c1e-1234-4abc-8def-0123456789ab').success).toBe(true);
    expect(basketId.safeParse('12').error?.issues[0]?.message).toBe('Expected UUID string');
  });
});
