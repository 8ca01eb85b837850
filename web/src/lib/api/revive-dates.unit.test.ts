import { isIsoDateTime, parseJsonWithDates } from './revive-dates';

describe('reviving ISO date-times', () => {
  it.each([
    '2025-02-18T09:30:00Z',
    '2025-02-18T09:30:00.123+01:00',
    '2025-02-18T09:30',
    '2025-02-18T09:30:00.123456Z',
  ])('reads %s as a date-time', (text) => {
    expect(isIsoDateTime(text)).toBe(true);
  });

  it.each(['2025-02-18', '8000', '+41 79 123 45 67', '2025-13-45T99:99:00Z', 'today'])(
    'leaves %s as text',
    (text) => {
      expect(isIsoDateTime(text)).toBe(false);
    },
  );

  it('keeps zip and phone fields as text at any depth', () => {
    const parsed = parseJsonWithDates(
      JSON.stringify({
        address: { zip: '2025-02-18T09:30:00Z', validFrom: '2025-02-18T09:30:00Z' },
        persons: [{ phone: '2025-02-18T09:30:00Z' }],
      }),
    ) as { address: { zip: unknown; validFrom: unknown }; persons: { phone: unknown }[] };
    expect(parsed.address.zip).toBe('2025-02-18T09:30:00Z');
    expect(parsed.address.validFrom).toBeInstanceOf(Date);
    expect(parsed.persons[0]!.phone).toBe('2025-02-18T09:30:00Z');
  });
});
