import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import { useGetPriceDevelopmentQuery, useGetPriceDistributionQuery } from '../api';
import { priceInsightMessages } from '../messages';

/** Where a price sits between the lowest and the highest of the days around it: thirds of the spread. */
export function pricePosition(amount: number, min: number, max: number): 'low' | 'middle' | 'high' {
  if (max === min) return 'middle';
  const share = (amount - min) / (max - min);
  return share <= 1 / 3 ? 'low' : share <= 2 / 3 ? 'middle' : 'high';
}

/**
 * The price insight widget (flag priceInsightWidget): how the chosen day's price compares with the 30
 * days from it, and how it developed since it was published (GET /pricing/insights/distribution and
 * /development).
 */
export function PriceInsight({
  productDefinitionId,
  day,
  amount,
}: {
  productDefinitionId: number;
  day: string;
  amount: number | null;
}) {
  const intl = useIntl();
  const args = { productDefinitionId, validAt: day };
  const { data: distribution } = useGetPriceDistributionQuery(args);
  const { data: development } = useGetPriceDevelopmentQuery(amount === null ? skipToken : args);
  const spread = distribution?.definitions.find(
    (definition) => definition.productDefinitionId === productDefinitionId,
  );
  const money = (minor: number) => formatMoney(intl, { amount: minor, currency: 'CHF' });
  const date = (text: string) =>
    intl.formatDate(DateTime.fromISO(text).toJSDate(), { dateStyle: 'medium', timeZone: 'UTC' });
  if (!distribution || !spread || spread.min === null || spread.max === null || spread.median === null)
    return null;
  const { min, max } = spread;
  const changes = (development?.changes ?? []).filter(
    (change) => change.productDefinitionId === productDefinitionId && change.date === day,
  );
  const first = changes[0];
  const markerPercent =
    amount === null || max === min ? 50 : Math.round(((amount - min) / (max - min)) * 100);

  return (
    <section className="price-insight" aria-labelledby="price-insight-heading">
      <h2 id="price-insight-heading">{intl.formatMessage(priceInsightMessages.heading)}</h2>
      <p>
        {intl.formatMessage(priceInsightMessages.spread, {
          from: date(distribution.from),
          min: money(min),
          max: money(max),
          median: money(spread.median),
        })}
      </p>
      {amount !== null && (
        <>
          <div className="price-insight-scale" aria-hidden="true">
            <span>{money(min)}</span>
            <span className="price-insight-track">
              <span
                className="price-insight-marker"
                style={{ left: `${Math.min(100, Math.max(0, markerPercent))}%` }}
              />
            </span>
            <span>{money(max)}</span>
          </div>
          <p>
            {intl.formatMessage(priceInsightMessages.chosen, {
              day: date(day),
              price: money(amount),
              position: intl.formatMessage(priceInsightMessages[pricePosition(amount, min, max)]),
            })}
          </p>
          <p className="hint">
            {first && changes.length > 1
              ? intl.formatMessage(priceInsightMessages.changed, {
                  count: changes.length - 1,
                  first: money(first.amount),
                  current: money(amount),
                })
              : intl.formatMessage(priceInsightMessages.unchanged)}
          </p>
        </>
      )}
    </section>
  );
}
