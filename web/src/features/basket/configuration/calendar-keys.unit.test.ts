import { dayAfterKey } from './calendar-keys';

describe('moving through the calendar grid with the keyboard', () => {
  it.each([
    ['ArrowLeft', false, '2027-03-09'],
    ['ArrowRight', false, '2027-03-11'],
    ['ArrowUp', false, '2027-03-03'],
    ['ArrowDown', false, '2027-03-17'],
    ['Home', false, '2027-03-08'], // Monday
    ['End', false, '2027-03-14'], // Sunday
    ['PageUp', false, '2027-02-10'],
    ['PageDown', false, '2027-04-10'],
    ['PageDown', true, '2028-03-10'],
  ])('%s (shift %s) from Wednesday 10 March 2027 → %s', (key, shift, expected) => {
    expect(dayAfterKey('2027-03-10', key, shift)).toBe(expected);
  });

  it('crosses months and keeps the day of the month where it can', () => {
    expect(dayAfterKey('2027-03-31', 'ArrowRight')).toBe('2027-04-01');
    expect(dayAfterKey('2027-03-31', 'PageUp')).toBe('2027-02-28');
  });

  it('leaves other keys to the browser', () => {
    expect(dayAfterKey('2027-03-10', 'Tab')).toBeNull();
    expect(dayAfterKey('2027-03-10', 'Enter')).toBeNull();
  });
});
