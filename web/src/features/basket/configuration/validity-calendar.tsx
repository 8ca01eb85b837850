import { DateTime } from 'luxon';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import { calendarMessages, calendarReasonMessages } from '../messages';
import { shiftMonth } from './calendar-days';
import { dayAfterKey } from './calendar-keys';
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

const weekdays = Array.from({ length: 7 }, (_, index) =>
  DateTime.fromISO('2026-11-30').plus({ days: index }),
);
const longDate = (intl: IntlShape, day: string) =>
  intl.formatDate(DateTime.fromISO(day).toJSDate(), { dateStyle: 'long', timeZone: 'UTC' });

/** Why a day cannot be chosen, in the page's language. */
export function reasonText(intl: IntlShape, day: CalendarDay): string {
  const date = day.reasonDay ? longDate(intl, day.reasonDay) : '';
  switch (day.reason) {
    case 'beforeSeason':
    case 'afterSeason':
    case 'salesNotOpen':
      return intl.formatMessage(calendarReasonMessages[day.reason], { date });
    case null:
      return intl.formatMessage(calendarMessages.unavailable);
    default:
      return intl.formatMessage(calendarReasonMessages[day.reason]);
  }
}

/**
 * A month of days in an ARIA grid: one tab stop (the chosen day, else the first bookable one), arrow
 * keys, Home/End and Page Up/Down move the focus, across months too. Each day says its price and
 * price level, or why it cannot be chosen; unavailable days stay focusable so that reason is heard.
 */
export function ValidityCalendar({
  legend,
  month,
  days,
  selected,
  timezone,
  isFetching,
  onSelect,
  onMonthChange,
}: ValidityCalendarProps) {
  const intl = useIntl();
  const titleId = useId();
  const hintId = useId();
  const grid = useRef<HTMLTableElement>(null);
  const [focusDay, setFocusDay] = useState<string | null>(null);
  const moveFocus = useRef(false);
  const monthTitle = intl.formatDate(DateTime.fromISO(`${month}-15`).toJSDate(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, week) =>
    days.slice(week * 7, week * 7 + 7),
  );
  const shown = days.filter((day): day is CalendarDay => day !== null);
  const inMonth = (day: string | null) =>
    day && shown.some((candidate) => candidate.date === day) ? day : null;
  const activeDay =
    inMonth(focusDay) ??
    inMonth(selected) ??
    shown.find((day) => day.available)?.date ??
    shown[0]?.date ??
    null;
  const active = shown.find((day) => day.date === activeDay);

  useEffect(() => {
    if (!moveFocus.current || !activeDay) return;
    const button = grid.current?.querySelector<HTMLButtonElement>(`[data-date="${activeDay}"]`);
    if (button) {
      button.focus();
      moveFocus.current = false;
    }
  }, [activeDay, days]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!activeDay) return;
    const target = dayAfterKey(activeDay, event.key, event.shiftKey);
    if (!target) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocusDay(target);
    if (target.slice(0, 7) !== month) onMonthChange(target.slice(0, 7));
  };
  const changeMonth = (months: number) => {
    setFocusDay(null);
    onMonthChange(shiftMonth(month, months));
  };

  const status = (day: CalendarDay) => {
    if (!day.available) return reasonText(intl, day);
    const price = day.price ? formatMoney(intl, day.price) : '';
    const level = day.level ? intl.formatMessage(calendarMessages[day.level]) : '';
    return [price, level].filter(Boolean).join(', ');
  };
  const dayLabel = (day: CalendarDay) => {
    const date = intl.formatDate(DateTime.fromISO(day.date).toJSDate(), {
      dateStyle: 'full',
      timeZone: 'UTC',
    });
    const text = status(day);
    return text ? `${date}, ${text}` : date;
  };
  // a whole month closed for one reason says so once (sales opening: the month's first, earliest, day)
  const kinds = new Set(shown.map((day) => (day.available ? 'available' : day.reason)));
  const monthReason =
    !isFetching && shown[0] && kinds.size === 1 && !kinds.has('available')
      ? reasonText(intl, shown[0])
      : null;

  return (
    <fieldset className="calendar">
      <legend>{legend}</legend>
      <div className="calendar-header">
        <button
          type="button"
          className="secondary"
          onClick={() => changeMonth(-1)}
          aria-label={intl.formatMessage(calendarMessages.previousMonth)}
        >
          ‹
        </button>
        <h3 id={titleId} aria-live="polite">
          {monthTitle}
        </h3>
        <button
          type="button"
          className="secondary"
          onClick={() => changeMonth(1)}
          aria-label={intl.formatMessage(calendarMessages.nextMonth)}
        >
          ›
        </button>
      </div>
      <table
        ref={grid}
        className="calendar-grid"
        role="grid"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        aria-busy={isFetching}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th
                key={weekday.weekday}
                scope="col"
                abbr={intl.formatDate(weekday.toJSDate(), { weekday: 'long', timeZone: 'UTC' })}
              >
                {intl.formatDate(weekday.toJSDate(), { weekday: 'short', timeZone: 'UTC' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={index}>
              {Array.from({ length: 7 }, (_, position) => week[position] ?? null).map((day, position) => (
                <td
                  key={day?.date ?? `empty-${position}`}
                  role="gridcell"
                  aria-selected={day ? selected === day.date : undefined}
                >
                  {day && (
                    <button
                      type="button"
                      data-date={day.date}
                      tabIndex={day.date === activeDay ? 0 : -1}
                      className={`calendar-day ${day.available && day.level ? `price-${day.level}` : ''} ${selected === day.date ? 'selected' : ''}`}
                      aria-disabled={!day.available}
                      onFocus={() => setFocusDay(day.date)}
                      onClick={() => day.available && onSelect(day.date)}
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
      <p className="calendar-day-info">
        {monthReason
          ? intl.formatMessage(calendarReasonMessages.monthUnavailable, { reason: monthReason })
          : active &&
            intl.formatMessage(calendarReasonMessages.dayStatus, {
              date: longDate(intl, active.date),
              status: status(active) || '–',
            })}
      </p>
      <p className="calendar-legend">
        <span className="calendar-legend-title">{intl.formatMessage(calendarMessages.legend)}</span>
        {(['low', 'medium', 'high'] as const).map((level) => (
          <span key={level} className={`legend-swatch price-${level}`}>
            {intl.formatMessage(calendarMessages[level])}
          </span>
        ))}
      </p>
      <p className="hint" id={hintId}>
        {intl.formatMessage(calendarReasonMessages.keyboardHint)}{' '}
        {isFetching
          ? intl.formatMessage(calendarMessages.loadingPrices)
          : intl.formatMessage(calendarMessages.timezone, { zone: timezone })}
      </p>
    </fieldset>
  );
}
