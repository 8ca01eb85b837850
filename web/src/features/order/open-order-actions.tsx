import { useState } from 'react';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { checkoutProblemOf } from '../../lib/api/checkout-problem';
import type { ServerOrder } from '../../lib/api/order-shapes';
import { paymentReturnUrls } from '../../lib/navigation/payment-return-urls';
import { pageToken } from '../../lib/api/request-context';
import { withPageToken } from '../../lib/session/page-token';
import { useAbandonOrderMutation, useGetOrderQuery, useResumeOrderPaymentMutation } from './api';
import { openOrderMessages } from './open-order-messages';

type Refusal = 'alreadyPaid' | 'alreadyCancelled' | 'unavailable' | 'conditionsMissing' | 'failed';

function refusalOf(error: FetchBaseQueryError | SerializedError): Refusal {
  switch (checkoutProblemOf(error).code) {
    case 'ORDER_ALREADY_PAID':
    case 'ORDER_NOT_OPEN':
      return 'alreadyPaid';
    case 'ORDER_CANCELLED':
      return 'alreadyCancelled';
    case 'PAYMENT_PROVIDER_UNAVAILABLE':
      return 'unavailable';
    case 'CHECKOUT_CONDITIONS_MISSING':
      return 'conditionsMissing';
    default:
      return 'failed';
  }
}

/** Where an unpaid order stands, in words that say what to do next. */
function situationOf(order: ServerOrder) {
  if (order.status === 'PENDING') return openOrderMessages.underWay;
  return order.paymentFailureReason
    ? openOrderMessages[order.paymentFailureReason]
    : openOrderMessages.waiting;
}

/** how often an order with a payment under way is read again: the provider's answer may land any moment */
export const PAYMENT_UNDER_WAY_POLL_MS = 3000;

export const isUnpaidOpen = (order: ServerOrder) =>
  (order.status === 'CREATED' || order.status === 'PENDING') && order.type !== 'CONSUMPTION';

/**
 * An unpaid order always has a way forward and a way back (docs/spa-checkout.md): "Pay now" goes back to
 * the payment page still open, or to a new one; "Cancel order" releases the places at once. A cancelled
 * order says why and that nothing was charged.
 */
export function OpenOrderActions({ order, language }: { order: ServerOrder; language: Language }) {
  const intl = useIntl();
  const { search } = useLocation();
  const token = pageToken(`http://page.invalid/${search}`);
  const [resume, resuming] = useResumeOrderPaymentMutation();
  const [abandon, abandoning] = useAbandonOrderMutation();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // a payment under way ends paid, cancelled or failed by the provider's notification, or by the timeout
  const underWay = order.status === 'PENDING';
  useGetOrderQuery(
    { orderId: order.id, language },
    { pollingInterval: underWay ? PAYMENT_UNDER_WAY_POLL_MS : 0, skip: !underWay },
  );

  if (order.status === 'CANCELLED' && order.cancellationReason === 'PAYMENT_TIMEOUT')
    return <p className="notice-problem">{intl.formatMessage(openOrderMessages.timedOut)}</p>;
  if (order.status === 'CANCELLED' && order.cancellationReason === 'ABANDONED')
    return <p className="notice-success">{intl.formatMessage(openOrderMessages.cancelled)}</p>;
  if (!isUnpaidOpen(order)) return null;

  const payNow = async () => {
    setRefusal(null);
    const answer = await resume({
      orderId: order.id,
      redirectUrls: paymentReturnUrls(window.location.origin, language, order.checkoutId, token),
    });
    if (answer.error) return setRefusal(refusalOf(answer.error));
    if (answer.data?.redirectUrl) window.location.assign(answer.data.redirectUrl);
  };
  const cancelOrder = async () => {
    setRefusal(null);
    const answer = await abandon(order.id);
    setConfirming(false);
    if (answer.error) setRefusal(refusalOf(answer.error));
  };

  return (
    <section className="open-order" aria-labelledby="open-order-heading">
      <h2 id="open-order-heading">{intl.formatMessage(openOrderMessages.heading)}</h2>
      <p>{intl.formatMessage(situationOf(order))}</p>
      {refusal && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(openOrderMessages[refusal])}{' '}
          {refusal === 'conditionsMissing' && (
            <Link to={withPageToken(`/${language}/checkout/${order.checkoutId}`, search)}>
              {intl.formatMessage(openOrderMessages.toCheckout)}
            </Link>
          )}
        </p>
      )}
      {resuming.isLoading && <p role="status">{intl.formatMessage(openOrderMessages.paying)}</p>}
      <p className="basket-actions">
        <button type="button" className="button" disabled={resuming.isLoading} onClick={payNow}>
          {intl.formatMessage(openOrderMessages.payNow)}
        </button>
        {!confirming && (
          <button type="button" onClick={() => setConfirming(true)}>
            {intl.formatMessage(openOrderMessages.cancel)}
          </button>
        )}
      </p>
      {confirming && (
        <div role="alertdialog" aria-labelledby="open-order-confirm" className="confirm-panel">
          <p id="open-order-confirm">{intl.formatMessage(openOrderMessages.confirmCancel)}</p>
          <button type="button" disabled={abandoning.isLoading} onClick={cancelOrder}>
            {intl.formatMessage(openOrderMessages.confirmCancelYes)}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)} autoFocus>
            {intl.formatMessage(openOrderMessages.confirmCancelNo)}
          </button>
        </div>
      )}
    </section>
  );
}
