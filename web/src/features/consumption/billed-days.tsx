import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../lib/format/money';
import type { ServerOrderItem } from '../../lib/api/order-shapes';
import { useGetConsumptionUsageQuery } from './api';
import { consumptionMessages as messages } from './messages';
import { useKeycardNames } from './use-keycard-names';
import { dayText, usageText } from './usage-texts';

const RESORT_ZONE = 'Europe/Zurich';

/** A bill's item is one keycard's day: its validity is that day (yyyy-MM-dd), its keycard the one that rode. */
function dayOf(item: ServerOrderItem): string | null {
  const from: unknown = item.validity?.from;
  if (typeof from === 'string') return from.slice(0, 10);
  return from instanceof Date ? DateTime.fromJSDate(from, { zone: RESORT_ZONE }).toISODate() : null;
}

/**
 * A CONSUMPTION order's items as the days they bill: day, keycard, what the gates saw (from the usage of
 * those days, GET /consumptions/usage?from&to) and the day's price.
 */
export function BilledDays({ items }: { items: readonly ServerOrderItem[] }) {
  const intl = useIntl();
  const keycardName = useKeycardNames();
  const days = items
    .map(dayOf)
    .filter((day): day is string => day !== null)
    .sort();
  const period = days.length ? { from: days[0]!, to: days.at(-1)! } : null;
  const { data: usage } = useGetConsumptionUsageQuery(period ?? skipToken);
  const usedOn = (keycardId: number | null, day: string) =>
    usage?.keycards
      .find((keycard) => keycard.keycardId === keycardId)
      ?.days.find((candidate) => candidate.day === day);
  return (
    <section aria-labelledby="billed-days-heading">
      <h2 id="billed-days-heading">{intl.formatMessage(messages.billedDaysHeading)}</h2>
      <ul className="basket-entries">
        {items.map((item) => {
          const day = dayOf(item);
          const keycardId = item.personalization?.keycardId ?? null;
          const used = day ? usedOn(keycardId, day) : undefined;
          return (
            <li key={item.id} className="basket-entry order-item">
              <div className="basket-entry-main">
                <h3>{day ? dayText(intl, day, 'full') : '—'}</h3>
                {keycardId !== null && <span>{keycardName(keycardId)}</span>}
                {used && <small>{usageText(intl, used)}</small>}
              </div>
              <div className="basket-entry-prices">
                <span className="entry-price">{formatMoney(intl, item.price)}</span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
