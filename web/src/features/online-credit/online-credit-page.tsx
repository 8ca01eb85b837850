import { useIntl } from 'react-intl';
import { AccountLinks } from '../../components/account-links';
import { EmptyState } from '../../components/empty-state';
import { SimplePage } from '../../components/simple-page';
import { SkeletonLines } from '../../components/skeleton';
import { formatMoney } from '../../lib/format/money';
import { RequireSession } from '../../lib/session/require-session';
import { useGetOnlineCreditQuery, type OnlineCreditTransaction } from './api';
import {
  creditReasonMessages,
  onlineCreditMessages as messages,
  onlineCreditValueMessages,
} from './messages';

type CodedKind = keyof typeof creditReasonMessages;

/** The balance and every transaction, newest first. */
function OnlineCreditDetails() {
  const intl = useIntl();
  const { data: credit, isLoading, error } = useGetOnlineCreditQuery();
  if (isLoading) return <SkeletonLines label={intl.formatMessage(messages.loading)} lines={3} />;
  if (error || !credit)
    return (
      <p role="alert" className="notice-problem">
        {intl.formatMessage(messages.loadFailed)}
      </p>
    );
  // the shop's own bookings in the page's language; staff's reasons (and unknown texts) as written
  const reasonText = ({ reason, reasonCode }: OnlineCreditTransaction) =>
    reasonCode?.refno && reasonCode.kind in creditReasonMessages
      ? intl.formatMessage(creditReasonMessages[reasonCode.kind as CodedKind], { refno: reasonCode.refno })
      : reason;
  const transactions = [...credit.transactions].sort((a, b) => b.at.getTime() - a.at.getTime());
  const signed = (amount: number) =>
    intl.formatNumber(amount / 100, {
      style: 'currency',
      currency: credit.balance.currency,
      signDisplay: 'exceptZero',
    });
  return (
    <>
      <p className="credit-balance">
        <strong>
          {intl.formatMessage(onlineCreditValueMessages.balance, {
            balance: formatMoney(intl, credit.balance),
          })}
        </strong>
      </p>
      <section aria-labelledby="credit-transactions-heading">
        <h2 id="credit-transactions-heading">{intl.formatMessage(messages.transactionsHeading)}</h2>
        {transactions.length === 0 ? (
          <EmptyState
            title={intl.formatMessage(messages.none)}
            hint={intl.formatMessage(messages.noneHint)}
          />
        ) : (
          <table className="credit-transactions">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(messages.date)}</th>
                <th scope="col">{intl.formatMessage(messages.reason)}</th>
                <th scope="col">{intl.formatMessage(messages.amount)}</th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((transaction) => (
                <tr key={transaction.transactionId}>
                  <td>
                    {intl.formatDate(transaction.at, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                      hourCycle: 'h23',
                      timeZone: 'Europe/Zurich',
                    })}
                  </td>
                  <td>{reasonText(transaction)}</td>
                  <td className="amount">{signed(transaction.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** /:locale/profile/online-credit — §7 the customer's online credit with its transactions. */
export function OnlineCreditPage() {
  const intl = useIntl();
  return (
    <RequireSession>
      <SimplePage
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.description)}
      >
        <AccountLinks />
        <OnlineCreditDetails />
      </SimplePage>
    </RequireSession>
  );
}

export default OnlineCreditPage;
