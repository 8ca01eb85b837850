import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { useClearBasketOnceOrdered } from '../../order/use-clear-basket-once-ordered';
import { withPageToken } from '../../../lib/session/page-token';
import { usePageToken } from '../../../lib/session/use-customer';
import { useGetCheckoutQuery } from '../api';
import { checkoutMessages, paymentReturnMessages } from '../messages';
import { orderPath } from '../payment-outcome';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_LIMIT_MS, paymentStandingOf } from '../payment-status';

/** Stops polling a minute after the page opened. */
function usePollingWindow(active: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setExpired(true), PAYMENT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active && !expired;
}

/** /:locale/checkout/:checkoutId/return — where the card provider sends the customer back: the real status, polled while pending. */
export default function PaymentReturnPage() {
  const intl = useIntl();
  const { locale, checkoutId = '' } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const token = usePageToken();
  const [pending, setPending] = useState(true);
  const polling = usePollingWindow(pending);
  const { data: checkout, error } = useGetCheckoutQuery(
    { checkoutId, language },
    {
      pollingInterval: polling ? PAYMENT_POLL_INTERVAL_MS : 0,
    },
  );
  const standing = checkout ? paymentStandingOf(checkout.order) : null;

  useEffect(() => {
    if (standing && standing !== 'pending') setPending(false);
  }, [standing]);
  useClearBasketOnceOrdered(checkout?.order);

  const order = checkout?.order;
  const message =
    standing === 'pending' && !polling
      ? paymentReturnMessages.stillPending
      : standing
        ? paymentReturnMessages[standing]
        : null;
  return (
    <SimplePage
      title={intl.formatMessage(paymentReturnMessages.title)}
      description={intl.formatMessage(paymentReturnMessages.description)}
    >
      {error && !checkout && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(checkoutMessages.notFound)}
        </p>
      )}
      {message && (
        <p
          role="status"
          className={standing === 'open' || standing === 'cancelled' ? 'notice-problem' : 'notice-success'}
        >
          {intl.formatMessage(message)}
        </p>
      )}
      <p className="basket-actions">
        {standing === 'open' && (
          <Link
            className="button"
            to={withPageToken(
              `/${language}/checkout/${checkoutId}`,
              token ? `?token=${encodeURIComponent(token)}` : '',
            )}
          >
            {intl.formatMessage(paymentReturnMessages.retry)}
          </Link>
        )}
        {order && standing !== 'open' && (
          <Link to={orderPath(language, order.id, order.accessToken, token)}>
            {intl.formatMessage(paymentReturnMessages.viewOrder)}
          </Link>
        )}
      </p>
    </SimplePage>
  );
}
