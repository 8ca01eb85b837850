import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import { calendarMessages } from '../messages';
import { shiftMonth } from './calendar-days';
import type { CalendarDay } from './use-calendar-days';

interface ValidityCalendarProps {
  legend: string;
  month: string;
  days: (CalendarDay | null)[];
  selected: string | null;
  timezone: string;
  isFetching: boolean;
  onSelect: (day: string) => void;
  onMonthChange: (month: string) => void;
}

const weekdays = Array.from({ length: 7 }, (_, index) => DateTime.fromISO('2026-11-30').plus({ days: index }));

/** A month of days as buttons, each with its price and coloured by price level; unavailable days are disabled. */
export function ValidityCalendar({ legend, month, days, selected, timezone, isFetching, onSelect, onMonthChange }: ValidityCalendarProps) {
  const intl = useIntl();
  const monthTitle = intl.formatDate(DateTime.fromISO(`${month}-15`).toJSDate(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, week) => days.slice(week * 7, week * 7 + 7));
  const dayLabel = (day: CalendarDay) => {
    const date = intl.formatDate(DateTime.fromISO(day.date).toJSDate(), { dateStyle: 'full', timeZone: 'UTC' });
    if (!day.available) return `${date}, ${intl.formatMessage(calendarMessages.unavailable)}`;
    const price = day.price ? `, ${formatMoney(intl, day.price)}` : '';
    const level = day.level ? `, ${intl.formatMessage(calendarMessages[day.level])}` : '';
    return `${date}${price}${level}`;
  };

  return (
    <fieldset className="calendar">
      <legend>{legend}</legend>
      <div className="calendar-header">
        <button type="button" className="secondary" onClick={() => onMonthChange(shiftMonth(month, -1))} aria-label={intl.formatMessage(calendarMessages.previousMonth)}>
          ‹
        </button>
        <h3 aria-live="polite">{monthTitle}</h3>
        <button type="button" className="secondary" onClick={() => onMonthChange(shiftMonth(month, 1))} aria-label={intl.formatMessage(calendarMessages.nextMonth)}>
          ›
        </button>
      </div>
      <table className="calendar-grid" aria-label={monthTitle} aria-busy={isFetching}>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.weekday} scope="col" abbr={intl.formatDate(weekday.toJSDate(), { weekday: 'long', timeZone: 'UTC' })}>
                {intl.formatDate(weekday.toJSDate(), { weekday: 'short', timeZone: 'UTC' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {Array.from({ length: 7 }, (_, position) => week[position] ?? null).map((day, position) => (
                <td key={day?.date ?? `empty-${position}`}>
                  {day && (
                    <button
                      type="button"
                      className={`calendar-day ${day.available && day.level ? `price-${day.level}` : ''}`}
                      disabled={!day.available}
                      aria-pressed={selected === day.date}
                      onClick={() => onSelect(day.date)}
                    >
                      <span className="visually-hidden">{dayLabel(day)}</span>
                      <span className="calendar-day-number" aria-hidden="true">
                        {Number(day.date.slice(8))}
                      </span>
                      {day.available && day.price && (
                        <span className="calendar-day-price" aria-hidden="true">
                          {intl.formatNumber(day.price.amount / 100, { maximumFractionDigits: 0 })}
                        </span>
                      )}
                    </button>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar-legend">
        <span>{intl.formatMessage(calendarMessages.legend)}:</span>
        {(['low', 'medium', 'high'] as const).map((level) => (
          <span key={level} className={`legend-swatch price-${level}`}>
            {intl.formatMessage(calendarMessages[level])}
          </span>
        ))}
      </p>
      <p className="hint">
        {isFetching ? intl.formatMessage(calendarMessages.loadingPrices) : intl.formatMessage(calendarMessages.timezone, { zone: timezone })}
      </p>
    </fieldset>
  );
}
