import { useIntl, type IntlShape } from 'react-intl';
import { SkeletonLines } from '../../components/skeleton';
import { formatMoney } from '../../lib/format/money';
import { useGetConsumptionUsageQuery, type KeycardUsage } from './api';
import { billStateOf } from './bill-state';
import { consumptionMessages as messages } from './messages';
import { useKeycardNames } from './use-keycard-names';
import { billStateLabels, dayText, usageText } from './usage-texts';

/** "2 days: 2 passages, 7 rides" */
const daysAndUse = (intl: IntlShape, totals: KeycardUsage['totals']) =>
  intl.formatMessage(messages.daysAndUse, {
    days: intl.formatMessage(messages.days, { count: totals.days }),
    use: usageText(intl, totals),
  });

function KeycardSeason({ keycard, name }: { keycard: KeycardUsage; name: string }) {
  const intl = useIntl();
  const headingId = `season-keycard-${keycard.keycardId}`;
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{name}</h3>
      <p>{daysAndUse(intl, keycard.totals)}</p>
      <table className="usage-table">
        <caption className="visually-hidden">{name}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(messages.day)}</th>
            <th scope="col">{intl.formatMessage(messages.use)}</th>
            <th scope="col">{intl.formatMessage(messages.price)}</th>
            <th scope="col">{intl.formatMessage(messages.bill)}</th>
          </tr>
        </thead>
        <tbody>
          {keycard.days.map((day) => (
            <tr key={day.consumptionId}>
              <th scope="row">{dayText(intl, day.day)}</th>
              <td>{usageText(intl, day)}</td>
              <td>
                {day.status === 'NOT_BILLABLE'
                  ? intl.formatMessage(messages.notCharged)
                  : formatMoney(intl, day.price)}
              </td>
              <td>{intl.formatMessage(billStateLabels[billStateOf(day.status)])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** GET /consumptions/usage: this season per keycard and day, with what was billed and what is still open. */
export function SeasonUsage() {
  const intl = useIntl();
  const { data: usage, isLoading, error } = useGetConsumptionUsageQuery();
  const keycardName = useKeycardNames();
  return (
    <section aria-labelledby="season-heading">
      <h2 id="season-heading">{intl.formatMessage(messages.seasonHeading)}</h2>
      {isLoading && <SkeletonLines label={intl.formatMessage(messages.loading)} lines={3} />}
      {error && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.loadFailed)}
        </p>
      )}
      {usage && (
        <>
          <p>
            {intl.formatMessage(messages.period, {
              from: dayText(intl, usage.from),
              to: dayText(intl, usage.to),
            })}
          </p>
          {usage.keycards.length === 0 ? (
            <p className="hint">{intl.formatMessage(messages.seasonNone)}</p>
          ) : (
            <>
              <dl className="order-facts usage-totals">
                <dt>{intl.formatMessage(messages.totalsHeading)}</dt>
                <dd>{daysAndUse(intl, usage.totals)}</dd>
                <dt>{intl.formatMessage(messages.billed)}</dt>
                <dd>{formatMoney(intl, usage.totals.billed)}</dd>
                <dt>{intl.formatMessage(messages.open)}</dt>
                <dd>{formatMoney(intl, usage.totals.open)}</dd>
              </dl>
              {usage.keycards.map((keycard) => (
                <KeycardSeason
                  key={keycard.keycardId}
                  keycard={keycard}
                  name={keycardName(keycard.keycardId)}
                />
              ))}
            </>
          )}
        </>
      )}
    </section>
  );
}
