import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { withPageToken } from '../../lib/session/page-token';
import type { ServerOrder } from '../../lib/api/order-shapes';
import { isPayPerUse } from './pay-per-use';
import { payPerUseMessages as messages } from './pay-per-use-messages';
import { useKeycardNames } from './use-keycard-names';
import { dayText } from './usage-texts';

const registeringStatuses = ['PAID', 'PARTIALLY_CANCELLED', 'PARTIALLY_REFUNDED'];

/**
 * After buying pay per use: which keycard is registered and from which day (the day the order was
 * placed and paid, in the resort's time zone), where its days of use are listed, and how to stop.
 */
export function PayPerUseConfirmation({ order, language }: { order: ServerOrder; language: string }) {
  const registrations = order.items.filter(isPayPerUse);
  // only a customer buys pay per use: the keycards are read only then (a guest's read would be a 401)
  if (!registeringStatuses.includes(order.status) || registrations.length === 0) return null;
  return <Registrations order={order} registrations={registrations} language={language} />;
}

function Registrations({
  order,
  registrations,
  language,
}: {
  order: ServerOrder;
  registrations: ServerOrder['items'];
  language: string;
}) {
  const intl = useIntl();
  const { search } = useLocation();
  const keycardName = useKeycardNames();
  const day = dayText(
    intl,
    DateTime.fromJSDate(order.createdAt, { zone: 'Europe/Zurich' }).toISODate()!,
    'long',
  );
  return (
    <section aria-labelledby="pay-per-use-heading" className="notice-success">
      <h2 id="pay-per-use-heading">{intl.formatMessage(messages.confirmationHeading)}</h2>
      {registrations.map((item) => {
        const keycardId = item.personalization?.keycardId;
        return (
          <p key={item.id}>
            {intl.formatMessage(messages.registered, { card: keycardId ? keycardName(keycardId) : '', day })}
          </p>
        );
      })}
      <p>
        <Link to={withPageToken(`/${language}/profile/consumptions`, search)}>
          {intl.formatMessage(messages.daysLink)}
        </Link>
      </p>
      <p className="hint">{intl.formatMessage(messages.stopHint)}</p>
    </section>
  );
}
