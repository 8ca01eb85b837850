import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { PROVIDER_REDIRECT_TRANSACTION_PARAM } from '@alpenpass/contracts/src/payment-provider';
import { SimplePage } from '../../components/simple-page';
import { RequireSession } from '../../lib/session/require-session';
import { useSaveRegisteredCardMutation } from './api';
import { brandName } from './card-brands';
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
      ? `${intl.formatMessage(messages.added)} ${intl.formatMessage(messages.card, { brand: brandName(saved.brand), masked: saved.masked })}`
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
      <p>
        <Link to={`/${locale}/profile/payment-details`}>{intl.formatMessage(messages.backToCards)}</Link>
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
