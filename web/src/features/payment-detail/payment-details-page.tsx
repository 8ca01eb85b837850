import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { AccountLinks } from '../../components/account-links';
import { Announcement } from '../../components/announcement';
import { SimplePage } from '../../components/simple-page';
import { pageToken } from '../../lib/api/request-context';
import { leaveShopFor } from '../../lib/navigation/leave-shop';
import { RequireSession } from '../../lib/session/require-session';
import {
  useGetPaymentDetailsQuery,
  useMakeDefaultPaymentDetailMutation,
  useRegisterCardMutation,
  useRemovePaymentDetailMutation,
  type PaymentDetail,
} from './api';
import { cardBrandName } from '../../lib/format/card-brand';
import { cardReturnUrls } from './card-return-urls';
import { paymentDetailMessages as messages } from './messages';

const problemCode = (error: unknown) =>
  error && typeof error === 'object' && 'data' in error
    ? (error.data as { code?: unknown } | undefined)?.code
    : undefined;

function SavedCard({ detail, onNotice }: { detail: PaymentDetail; onNotice: (text: string) => void }) {
  const intl = useIntl();
  const [makeDefault, choosing] = useMakeDefaultPaymentDetailMutation();
  const [remove, removing] = useRemovePaymentDetailMutation();
  const [failed, setFailed] = useState(false);
  const card = intl.formatMessage(messages.card, {
    brand: cardBrandName(detail.brand),
    masked: detail.masked,
  });
  const usable = detail.status === 'ACTIVE' && !detail.blockedReason;
  const act = async (call: () => Promise<{ error?: unknown }>, done: string) => {
    setFailed(false);
    const result = await call();
    if (result.error) setFailed(true);
    else onNotice(done);
  };
  return (
    <>
      <h3>{cardBrandName(detail.brand)}</h3>
      <dl className="person-summary">
        <dt>{intl.formatMessage(messages.number)}</dt>
        <dd>{detail.masked}</dd>
        <dt>{intl.formatMessage(messages.expiry)}</dt>
        <dd>
          {detail.expiryMonth}/{detail.expiryYear}
          {detail.status === 'EXPIRED' && <> · {intl.formatMessage(messages.expired)}</>}
        </dd>
      </dl>
      {detail.default && <p className="status-badge">{intl.formatMessage(messages.isDefault)}</p>}
      {detail.blockedReason && <p className="notice-problem">{intl.formatMessage(messages.blocked)}</p>}
      <div className="form-actions">
        {!detail.default && usable && (
          <button
            type="button"
            className="secondary"
            disabled={choosing.isLoading}
            onClick={() => void act(() => makeDefault(detail.id), intl.formatMessage(messages.defaultChosen))}
          >
            {intl.formatMessage(messages.makeDefault, { card })}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          disabled={removing.isLoading}
          onClick={() => void act(() => remove(detail.id), intl.formatMessage(messages.removed))}
        >
          {intl.formatMessage(messages.remove, { card })}
        </button>
      </div>
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.changeFailed)}
        </p>
      )}
    </>
  );
}

/** /:locale/profile/payment-details — saved cards (§3 Payment detail): default, delete, add on the provider's page. */
function PaymentDetails() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const { data: details, isLoading, error } = useGetPaymentDetailsQuery();
  const [registerCard, registering] = useRegisterCardMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [addProblem, setAddProblem] = useState<string | null>(null);

  const addCard = async () => {
    setNotice(null);
    setAddProblem(null);
    const result = await registerCard(
      cardReturnUrls(window.location.origin, locale, { pageToken: pageToken(window.location.href) }),
    );
    if (result.data) return leaveShopFor(result.data.redirectUrl);
    const code = problemCode(result.error);
    setAddProblem(
      intl.formatMessage(
        code === 'PAYMENT_PROVIDER_UNAVAILABLE'
          ? messages.providerUnavailable
          : code === 'PAYMENT_DETAIL_LIMIT'
            ? messages.limit
            : messages.addFailed,
      ),
    );
  };

  return (
    <SimplePage
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description)}
    >
      <AccountLinks />
      {isLoading && <p role="status">{intl.formatMessage(messages.loading)}</p>}
      {error && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.loadFailed)}
        </p>
      )}
      {notice && <Announcement text={notice} />}
      {details?.length === 0 && <p className="empty-state">{intl.formatMessage(messages.none)}</p>}
      {details && details.length > 0 && (
        <ul className="account-cards">
          {details.map((detail) => (
            <li key={detail.id} className="account-card">
              <SavedCard detail={detail} onNotice={setNotice} />
            </li>
          ))}
        </ul>
      )}
      <p className="hint">{intl.formatMessage(messages.addHint)}</p>
      <button type="button" disabled={registering.isLoading} onClick={() => void addCard()}>
        {intl.formatMessage(messages.add)}
      </button>
      {addProblem && (
        <p role="alert" className="notice-problem">
          {addProblem}
        </p>
      )}
    </SimplePage>
  );
}

export default function PaymentDetailsPage() {
  return (
    <RequireSession>
      <PaymentDetails />
    </RequireSession>
  );
}
