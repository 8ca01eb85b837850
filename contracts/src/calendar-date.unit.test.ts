import { addCalendarDays, dateOfEpochDay, epochDayOf, isCalendarDate } from './calendar-date';

describe('calendar dates as epoch days', () => {
  it('counts days since 1970-01-01, across leap years and the first and last years', () => {
    expect(epochDayOf('1970-01-01')).toBe(0);
    expect(epochDayOf('2024-03-01') - epochDayOf('2024-02-28')).toBe(2);
    expect(epochDayOf('9999-12-31') - epochDayOf('0001-01-01')).toBe(3_652_058);
    expect(dateOfEpochDay(epochDayOf('0001-01-01'))).toBe('0001-01-01');
    expect(dateOfEpochDay(epochDayOf('0099-12-31') + 1)).toBe('0100-01-01');
  });

  it('adds days across month and year ends', () => {
    expect(addCalendarDays('2026-11-23', 730)).toBe('2028-11-22');
    expect(addCalendarDays('2027-01-01', -1)).toBe('2026-12-31');
  });

  it('knows which yyyy-MM-dd texts name a real day', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('9999-12-31')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-02-30')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-4-3')).toBe(false);
    expect(isCalendarDate('2025-04-03T00:00')).toBe(false);
    expect(Number.isNaN(epochDayOf('tomorrow'))).toBe(true);
  });
});
