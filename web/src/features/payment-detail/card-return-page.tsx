import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PROVIDER_REDIRECT_TRANSACTION_PARAM } from '@alpenpass/contracts/src/payment-provider';
import { SimplePage } from '../../components/simple-page';
import { withPageToken } from '../../lib/session/page-token';
import { RequireSession } from '../../lib/session/require-session';
import { payPerUseMessages } from '../consumption/pay-per-use-messages';
import { useSaveRegisteredCardMutation } from './api';
import { cardBrandName } from '../../lib/format/card-brand';
import { paymentDetailMessages as messages } from './messages';

type Outcome = 'saving' | 'saved' | 'cancelled' | 'incomplete' | 'failed';

/**
 * /:locale/profile/payment-details/return — where the provider's page sends the customer back: the
 * registration's transaction (the provider's datatransTrxId parameter) is saved as a card.
 */
function CardReturn() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const [query] = useSearchParams();
  const { search } = useLocation();
  // a card added from a checkout (pay per use needs one) leads back to it; only a checkout id is taken
  const checkoutId = /^[0-9a-f-]{36}$/i.exec(query.get('checkout') ?? '')?.[0];
  const [saveCard, saving] = useSaveRegisteredCardMutation();
  const transactionId = query.get(PROVIDER_REDIRECT_TRANSACTION_PARAM);
  const cancelled = query.get('outcome') === 'cancel';
  const [outcome, setOutcome] = useState<Outcome>(
    cancelled ? 'cancelled' : transactionId ? 'saving' : 'failed',
  );
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current || cancelled || !transactionId) return;
    // once per visit (React's strict mode runs effects twice; the server saves a registration once anyway)
    posted.current = true;
    void saveCard(transactionId).then((result) => {
      if (!result.error) return setOutcome('saved');
      const code =
        'status' in result.error ? (result.error.data as { code?: unknown } | undefined)?.code : undefined;
      setOutcome(code === 'PAYMENT_DETAIL_REGISTRATION_INCOMPLETE' ? 'incomplete' : 'failed');
    });
  }, [cancelled, transactionId, saveCard]);

  const saved = saving.data;
  const texts: Record<Outcome, string> = {
    saving: intl.formatMessage(messages.saving),
    saved: saved
      ? `${intl.formatMessage(messages.added)} ${intl.formatMessage(messages.card, { brand: cardBrandName(saved.brand), masked: saved.masked })}`
      : intl.formatMessage(messages.added),
    cancelled: intl.formatMessage(messages.cancelled),
    incomplete: intl.formatMessage(messages.incomplete),
    failed: intl.formatMessage(messages.addFailed),
  };
  return (
    <SimplePage
      title={intl.formatMessage(messages.returnTitle)}
      description={intl.formatMessage(messages.returnDescription)}
    >
      <p
        role={outcome === 'saved' || outcome === 'saving' ? 'status' : 'alert'}
        className={
          outcome === 'saved' ? 'notice-success' : outcome === 'saving' ? undefined : 'notice-problem'
        }
      >
        {texts[outcome]}
      </p>
      {checkoutId && (
        <p>
          <Link className="button" to={withPageToken(`/${locale}/checkout/${checkoutId}`, search)}>
            {intl.formatMessage(payPerUseMessages.backToCheckout)}
          </Link>
        </p>
      )}
      <p>
        <Link to={withPageToken(`/${locale}/profile/payment-details`, search)}>
          {intl.formatMessage(messages.backToCards)}
        </Link>
      </p>
    </SimplePage>
  );
}

export default function CardReturnPage() {
  return (
    <RequireSession>
      <CardReturn />
    </RequireSession>
  );
}
