import { DateTime } from 'luxon';
import { useIntl } from 'react-intl';
import { formatMoney, type MinorUnitAmount } from '../../../lib/format/money';
import { renewalMessages } from './renewal-messages';

const resortDay = (value: string | Date, timezone: string) =>
  (typeof value === 'string'
    ? DateTime.fromISO(value, { zone: timezone })
    : DateTime.fromJSDate(value, { zone: timezone })
  ).toISODate()!;

interface RenewalDisclosureProps {
  price: MinorUnitAmount;
  /** the season (calendar days or instants) */
  from: string | Date;
  to: string | Date;
  timezone: string;
}

/** What a season pass commits the customer to, shown before the purchase: product page, basket, checkout. */
export function RenewalDisclosure({ price, from, to, timezone }: RenewalDisclosureProps) {
  const intl = useIntl();
  const day = (value: string | Date) =>
    intl.formatDate(resortDay(value, timezone), {
      dateStyle: 'long',
      timeZone: 'UTC',
    });
  return (
    <section className="renewal-disclosure" aria-label={intl.formatMessage(renewalMessages.heading)}>
      <strong>{intl.formatMessage(renewalMessages.heading)}</strong>
      <p>
        {intl.formatMessage(renewalMessages.terms, {
          price: formatMoney(intl, price),
          from: day(from),
          to: day(to),
        })}
      </p>
      <p>{intl.formatMessage(renewalMessages.cancel)}</p>
    </section>
  );
}
