import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { useAddressParams } from '../../lib/navigation/use-address-params';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import type { SubscriptionStatus } from '@alpenpass/contracts/src/domain/subscription';
import { AccountLinks } from '../../components/account-links';
import { Announcement } from '../../components/announcement';
import { SimplePage } from '../../components/simple-page';
import { withPageToken } from '../../lib/session/page-token';
import { RequireSession } from '../../lib/session/require-session';
import { useGetCatalogueQuery } from '../catalogue/api';
import { useGetKeycardsQuery } from '../keycard/api';
import { typeLabels } from '../keycard/keycard-form';
import {
  SUBSCRIPTIONS_PER_PAGE,
  useActivateSubscriptionRenewalMutation,
  useCancelSubscriptionRenewalMutation,
  useGetSubscriptionsQuery,
  type Subscription,
} from './api';
import { subscriptionMessages as messages } from './messages';

/** §4 statuses in the order of a subscription's life. */
const subscriptionStatuses = [
  'PENDING',
  'ACTIVE',
  'EXPIRED',
] as const satisfies readonly SubscriptionStatus[];
const statusLabels = {
  PENDING: messages.statusPENDING,
  ACTIVE: messages.statusACTIVE,
  EXPIRED: messages.statusEXPIRED,
};
const isStatus = (text: string): text is SubscriptionStatus =>
  (subscriptionStatuses as readonly string[]).includes(text);

function SubscriptionItem({
  subscription,
  product,
  keycard,
  onNotice,
}: {
  subscription: Subscription;
  product: string;
  keycard: string | null;
  onNotice: (text: string) => void;
}) {
  const intl = useIntl();
  const [cancel, cancelling] = useCancelSubscriptionRenewalMutation();
  const [activate, activating] = useActivateSubscriptionRenewalMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const day = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeZone: 'Europe/Zurich' });
  // expiresAt is the first instant it is no longer valid: the last valid day is the one before
  const lastDay = new Date(subscription.expiresAt.getTime() - 1);
  const change = async (renew: boolean) => {
    setProblem(null);
    const result = await (renew ? activate(subscription.id) : cancel(subscription.id));
    if (!result.error) return onNotice(intl.formatMessage(renew ? messages.activated : messages.cancelled));
    const code =
      'status' in result.error ? (result.error.data as { code?: unknown } | undefined)?.code : undefined;
    setProblem(
      intl.formatMessage(code === 'SUBSCRIPTION_EXPIRED' ? messages.expiredRefused : messages.changeFailed),
    );
  };
  return (
    <>
      <h3>{product}</h3>
      <dl className="person-summary">
        <dt>{intl.formatMessage(messages.status)}</dt>
        <dd>{intl.formatMessage(statusLabels[subscription.status])}</dd>
        <dt>{intl.formatMessage(messages.period)}</dt>
        <dd>
          {intl.formatMessage(messages.periodRange, { from: day(subscription.validFrom), to: day(lastDay) })}
        </dd>
        <dt>{intl.formatMessage(messages.keycard)}</dt>
        <dd>{keycard ?? intl.formatMessage(messages.noKeycard)}</dd>
        <dt>{intl.formatMessage(messages.renewal)}</dt>
        <dd>{intl.formatMessage(subscription.renews ? messages.renews : messages.ends)}</dd>
      </dl>
      {subscription.status !== 'EXPIRED' && (
        <div className="form-actions">
          <button
            type="button"
            className="secondary"
            disabled={cancelling.isLoading || activating.isLoading}
            onClick={() => void change(!subscription.renews)}
          >
            {intl.formatMessage(subscription.renews ? messages.cancel : messages.activate, { product })}
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="notice-problem">
          {problem}
        </p>
      )}
    </>
  );
}

const ARRIVAL_POLL_INTERVAL_MS = 2000;
const ARRIVAL_POLL_LIMIT_MS = 60_000;

/**
 * Coming from a paid order (`?order=`), its subscription may not be listed yet: the list is a read model
 * a moment behind the order. Until it is (for at most a minute) the page says so and asks again.
 */
function useSubscriptionOnItsWay(
  orderParam: string | null,
  subscriptions: readonly Subscription[] | undefined,
): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), ARRIVAL_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const orderId = Number.parseInt(orderParam ?? '', 10);
  if (expired || !Number.isInteger(orderId) || !subscriptions) return false;
  return !subscriptions.some((subscription) => subscription.orderId === orderId);
}

/** /:locale/profile/subscriptions — the customer's subscriptions (§4 status filter in the address), renewal on or off. */
function Subscriptions() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const { search } = useLocation();
  const [query, setQuery] = useAddressParams();
  const statuses = (query.get('status') ?? '').split(',').filter(isStatus);
  const page = Math.max(0, Number.parseInt(query.get('page') ?? '0', 10) || 0);
  const { data: subscriptions, isLoading, error } = useGetSubscriptionsQuery({ statuses, page });
  const arriving = useSubscriptionOnItsWay(query.get('order'), subscriptions);
  useGetSubscriptionsQuery({ statuses, page }, { pollingInterval: arriving ? ARRIVAL_POLL_INTERVAL_MS : 0 });
  const { data: keycards } = useGetKeycardsQuery();
  const { data: catalogue } = useGetCatalogueQuery(locale as Language);
  const [notice, setNotice] = useState<string | null>(null);

  const productName = (subscription: Subscription) =>
    catalogue
      ?.flatMap((category) => category.products)
      .find((product) => product.id === subscription.productId)?.name ??
    intl.formatMessage(messages.unknownProduct, { id: subscription.id });
  const keycardName = (keycardId: number | null) => {
    const keycard =
      keycardId === null ? undefined : keycards?.find((candidate) => candidate.id === keycardId);
    return keycard
      ? `${intl.formatMessage(typeLabels[keycard.type])} ${keycard.dataCarrierId}`
      : keycardId === null
        ? null
        : String(keycardId);
  };
  const show = (next: { statuses?: SubscriptionStatus[]; page?: number }) => {
    const params = new URLSearchParams(query);
    const chosen = next.statuses ?? statuses;
    if (chosen.length) params.set('status', chosen.join(','));
    else params.delete('status');
    params.set('page', String(next.page ?? 0));
    setNotice(null);
    setQuery(params);
  };
  const toggle = (status: SubscriptionStatus, on: boolean) =>
    show({
      statuses: subscriptionStatuses.filter((candidate) =>
        candidate === status ? on : statuses.includes(candidate),
      ),
    });

  return (
    <SimplePage
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description)}
    >
      <AccountLinks />
      <fieldset className="status-filter">
        <legend>{intl.formatMessage(messages.filterLegend)}</legend>
        {subscriptionStatuses.map((status) => (
          <label key={status}>
            <input
              type="checkbox"
              checked={statuses.includes(status)}
              onChange={(event) => toggle(status, event.target.checked)}
            />{' '}
            {intl.formatMessage(statusLabels[status])}
          </label>
        ))}
      </fieldset>
      {isLoading && <p role="status">{intl.formatMessage(messages.loading)}</p>}
      {error && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.loadFailed)}
        </p>
      )}
      {notice && <Announcement text={notice} />}
      {arriving && <p role="status">{intl.formatMessage(messages.arriving)}</p>}
      {subscriptions?.length === 0 && !arriving && (
        <p className="empty-state">
          {intl.formatMessage(statuses.length ? messages.noneWithStatus : messages.none)}
        </p>
      )}
      {subscriptions && subscriptions.length > 0 && (
        <ul className="account-cards">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="account-card">
              <SubscriptionItem
                subscription={subscription}
                product={productName(subscription)}
                keycard={keycardName(subscription.keycardId)}
                onNotice={setNotice}
              />
              <p>
                <Link to={withPageToken(`/${locale}/orders/${subscription.orderId}`, search)}>
                  {intl.formatMessage(messages.order)} {subscription.orderId}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      {(page > 0 || subscriptions?.length === SUBSCRIPTIONS_PER_PAGE) && (
        <nav aria-label={intl.formatMessage(messages.paging)} className="form-actions">
          {page > 0 && (
            <button type="button" className="secondary" onClick={() => show({ page: page - 1 })}>
              {intl.formatMessage(messages.previous)}
            </button>
          )}
          {subscriptions?.length === SUBSCRIPTIONS_PER_PAGE && (
            <button type="button" className="secondary" onClick={() => show({ page: page + 1 })}>
              {intl.formatMessage(messages.next)}
            </button>
          )}
        </nav>
      )}
    </SimplePage>
  );
}

export default function SubscriptionsPage() {
  return (
    <RequireSession>
      <Subscriptions />
    </RequireSession>
  );
}
