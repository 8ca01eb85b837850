import { DateTime } from 'luxon';

/**
 * The ARIA grid's keys (the date picker pattern): arrows move a day or a week, Home and End to the
 * week's Monday and Sunday, Page Up and Page Down a month (Shift: a year). Returns the day the focus
 * moves to (yyyy-MM-dd), or null when the key is not the grid's.
 */
export function dayAfterKey(day: string, key: string, shiftKey = false): string | null {
  const date = DateTime.fromISO(day, { zone: 'UTC' });
  const moved = (() => {
    switch (key) {
      case 'ArrowLeft':
        return date.minus({ days: 1 });
      case 'ArrowRight':
        return date.plus({ days: 1 });
      case 'ArrowUp':
        return date.minus({ weeks: 1 });
      case 'ArrowDown':
        return date.plus({ weeks: 1 });
      case 'Home':
        return date.startOf('week');
      case 'End':
        return date.endOf('week').startOf('day');
      case 'PageUp':
        return date.minus(shiftKey ? { years: 1 } : { months: 1 });
      case 'PageDown':
        return date.plus(shiftKey ? { years: 1 } : { months: 1 });
      default:
        return null;
    }
  })();
  return moved ? moved.toISODate() : null;
}
