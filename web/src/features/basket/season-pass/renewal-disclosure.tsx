import { DateTime } from 'luxon';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { formatMoney, type MinorUnitAmount } from '../../../lib/format/money';

export const renewalMessages = {
  ...defineMessages({
    heading: { id: 'seasonPass.renewal.heading', defaultMessage: 'Renews automatically' },
    cancel: {
      id: 'seasonPass.renewal.cancel',
      defaultMessage:
        'You can switch the renewal off at any time under “My account › Subscriptions”; the pass stays valid until its season ends. At the checkout you agree to the renewal explicitly.',
    },
  }),
  terms: defineMessage<{ price: string; from: string; to: string }>(
    {
      id: 'seasonPass.renewal.terms',
      defaultMessage:
        'This season pass costs {price} for {from} to {to}. It renews automatically every year for the next season at the price then in force, charged to your saved card.',
    },
    { typed: true },
  ),
};

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
