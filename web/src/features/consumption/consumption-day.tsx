import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format/money';
import type { Consumption } from './api';
import { billStateOf, paymentDeclined } from './bill-state';
import { consumptionMessages as messages } from './messages';
import { billStateLabels, dayText, usageText } from './usage-texts';

/** The gate readings of the day, in time order, folded away until asked for. */
function Readings({ usages }: { usages: NonNullable<Consumption['usages']> }) {
  const intl = useIntl();
  if (usages.length === 0) return null;
  return (
    <details className="usage-readings">
      <summary>{intl.formatMessage(messages.readings, { count: usages.length })}</summary>
      <ol>
        {usages.map((usage) => {
          const texts = {
            time: intl.formatTime(usage.occurredAt, { timeStyle: 'short', hourCycle: 'h23' }),
            kind: intl.formatMessage(messages[usage.kind]),
            gate: usage.gateId,
          };
          return (
            <li key={usage.eventId}>
              {usage.kind === 'PARKING'
                ? intl.formatMessage(messages.parkingReading, { ...texts, minutes: usage.quantity })
                : intl.formatMessage(messages.reading, texts)}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

/** One keycard's day: what the gates saw, what it costs and where its bill stands (a billed day links to its CONSUMPTION order). */
export function ConsumptionDay({
  consumption,
  keycard,
  orderPath,
}: {
  consumption: Consumption;
  keycard: string;
  orderPath: (orderId: number) => string;
}) {
  const intl = useIntl();
  const state = billStateOf(consumption.status);
  const headingId = `consumption-${consumption.id}`;
  return (
    <article className="account-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{dayText(intl, consumption.day, 'full')}</h3>
      <dl className="person-summary">
        <dt>{intl.formatMessage(messages.keycard)}</dt>
        <dd>{keycard}</dd>
        <dt>{intl.formatMessage(messages.use)}</dt>
        <dd>{usageText(intl, consumption)}</dd>
        <dt>{intl.formatMessage(messages.price)}</dt>
        <dd>
          {state === 'notBilled'
            ? intl.formatMessage(messages.notCharged)
            : formatMoney(intl, consumption.price)}
        </dd>
        <dt>{intl.formatMessage(messages.bill)}</dt>
        <dd>
          <span className={`status-badge bill-${state}`}>{intl.formatMessage(billStateLabels[state])}</span>
          {consumption.order && (
            <>
              {' '}
              <Link to={orderPath(consumption.order.id)}>
                {intl.formatMessage(messages.order, { refno: consumption.order.refno })}
              </Link>
            </>
          )}
        </dd>
      </dl>
      {paymentDeclined(consumption) && (
        <p className="notice-problem">{intl.formatMessage(messages.declined)}</p>
      )}
      <Readings usages={consumption.usages ?? []} />
    </article>
  );
}
