import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useParams } from 'react-router';
import { formatMoney } from '../../lib/format/money';
import { useGetProductsQuery } from '../basket/api';
import { entryName } from '../basket/page/basket-entry-item';
import { checkoutProblemOf } from '../../lib/api/checkout-problem';
import { isPayPerUse } from '../consumption/pay-per-use';
import type { ServerOrder } from '../../lib/api/order-shapes';
import { afterSaleMessages } from './after-sale-messages';
import { useCancelOrderItemsMutation } from './api';

const refusalCodes = [
  'CANCELLATION_CUTOFF_PASSED',
  'RESERVATION_CANCELLED_AS_A_WHOLE',
  'ORDER_ITEM_ALREADY_CANCELLED',
  'ORDER_NOT_PAID',
  'ORDER_CANCELLED',
  'ONLINE_CREDIT_NEEDS_ACCOUNT',
  'ONLINE_CREDIT_UNAVAILABLE',
] as const;

function refusalOf(code: string | null): MessageDescriptor {
  const known = refusalCodes.find((candidate) => candidate === code);
  return known ? afterSaleMessages[known] : afterSaleMessages.cancelFailed;
}

/**
 * Orders whose items the customer may cancel themselves (docs/after-sale.md; the server judges the
 * cut-off). A CONSUMPTION order bills days already ridden: nothing to cancel.
 */
export const isCancellable = (order: Pick<ServerOrder, 'status' | 'type'>) =>
  order.type !== 'CONSUMPTION' &&
  ['PAID', 'PARTIALLY_CANCELLED', 'PARTIALLY_REFUNDED', 'RESERVED'].includes(order.status);

/**
 * Items a customer can cancel: open main items, except pay per use (it cost nothing; deleting the keycard
 * ends it) and items whose ticket a gate has used (`usedItemIds`; the server refuses them, TICKET_USED).
 */
const cancellableItems = (order: ServerOrder, usedItemIds: readonly string[]) =>
  order.items.filter(
    (item) =>
      item.parentItemId === null &&
      item.originItemId === null &&
      !item.cancelled &&
      !isPayPerUse(item) &&
      !usedItemIds.includes(item.id),
  );

/** Self-cancel: the items to cancel, where the refund goes (card or online credit), an optional reason. */
export function CancelItemsForm({
  order,
  canUseOnlineCredit,
  usedItemIds = [],
}: {
  order: ServerOrder;
  canUseOnlineCredit: boolean;
  usedItemIds?: readonly string[];
}) {
  const intl = useIntl();
  const { locale } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const reservation = order.status === 'RESERVED';
  const open = isCancellable(order) ? cancellableItems(order, usedItemIds) : [];
  const productIds = [...new Set(order.items.map((item) => item.productId))].sort((a, b) => a - b);
  const { data: products = [] } = useGetProductsQuery(
    productIds.length ? { productIds, language } : skipToken,
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [toCredit, setToCredit] = useState(false);
  const [reason, setReason] = useState('');
  const [cancel, call] = useCancelOrderItemsMutation();
  const [outcome, setOutcome] = useState<
    { kind: 'done' } | { kind: 'refused'; message: MessageDescriptor } | null
  >(null);
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (outcome) notice.current?.focus();
  }, [outcome]);

  const itemIds = reservation
    ? open.map((item) => item.id)
    : chosen.filter((id) => open.some((item) => item.id === id));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (itemIds.length === 0)
      return setOutcome({ kind: 'refused', message: afterSaleMessages.cancelNothing });
    const result = await cancel({
      orderId: order.id,
      orderItemIds: itemIds,
      onlineCredit: !reservation && canUseOnlineCredit && toCredit,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    if (result.error)
      return setOutcome({ kind: 'refused', message: refusalOf(checkoutProblemOf(result.error).code) });
    setChosen([]);
    setOutcome({ kind: 'done' });
  };

  if (open.length === 0 && !outcome) return null;
  return (
    <section aria-labelledby="order-cancel-heading">
      <h2 id="order-cancel-heading">{intl.formatMessage(afterSaleMessages.cancelHeading)}</h2>
      {outcome && (
        <p
          role={outcome.kind === 'done' ? 'status' : 'alert'}
          tabIndex={-1}
          ref={notice}
          className={outcome.kind === 'done' ? 'notice-success' : 'notice-problem'}
        >
          {outcome.kind === 'done'
            ? intl.formatMessage(afterSaleMessages.cancelDone)
            : intl.formatMessage(outcome.message)}
        </p>
      )}
      {open.length > 0 && (
        <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>
            {intl.formatMessage(reservation ? afterSaleMessages.cancelWhole : afterSaleMessages.cancelIntro)}
          </p>
          <fieldset>
            <legend>{intl.formatMessage(afterSaleMessages.cancelItems)}</legend>
            {open.map((item) => (
              <label key={item.id} className="slot-option">
                <input
                  type="checkbox"
                  checked={itemIds.includes(item.id)}
                  disabled={reservation}
                  onChange={(event) =>
                    setChosen((previous) =>
                      event.target.checked ? [...previous, item.id] : previous.filter((id) => id !== item.id),
                    )
                  }
                />
                {item.quantity} × {entryName(item, products)} ({formatMoney(intl, item.price)})
              </label>
            ))}
          </fieldset>
          {!reservation && canUseOnlineCredit && (
            <fieldset>
              <legend>{intl.formatMessage(afterSaleMessages.refundHeading)}</legend>
              <label className="slot-option">
                <input
                  type="radio"
                  name="refund-destination"
                  checked={!toCredit}
                  onChange={() => setToCredit(false)}
                />
                {intl.formatMessage(afterSaleMessages.refundToPayment)}
              </label>
              <label className="slot-option">
                <input
                  type="radio"
                  name="refund-destination"
                  checked={toCredit}
                  onChange={() => setToCredit(true)}
                />
                {intl.formatMessage(afterSaleMessages.refundToCredit)}
              </label>
            </fieldset>
          )}
          <div className="condition-field">
            <label htmlFor="order-cancel-reason">{intl.formatMessage(afterSaleMessages.reasonLabel)}</label>
            <textarea
              id="order-cancel-reason"
              maxLength={500}
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <p className="basket-actions">
            <button type="submit" disabled={call.isLoading}>
              {intl.formatMessage(
                call.isLoading ? afterSaleMessages.cancelling : afterSaleMessages.cancelSubmit,
              )}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}
