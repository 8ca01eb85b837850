import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useGetCurrentUserQuery, useRequestAccountDeletionMutation } from './api';
import { deletionMessages } from './deletion-messages';
import { accountMessages } from './messages';
import { OpenOrdersNotice } from './open-orders-notice';
import { reactivatePath, useNewProfilePages } from './profile-pages';
import { ReactivatePanel } from './reactivate-panel';

/** The profile's last section (§4): delete the account with its grace period explained, or — while a
 * deletion is pending — keep it. */
export function AccountDeletionSection() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { locale = 'de' } = useParams();
  const newPages = useNewProfilePages();
  const current = useGetCurrentUserQuery(locale as Language);
  const [requestDeletion, call] = useRequestAccountDeletionMutation();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  if (!current.data) return null;
  if (current.data.deleteAfter) return <ReactivatePanel deleteAfter={new Date(current.data.deleteAfter)} />;

  const confirm = async () => {
    const result = await requestDeletion();
    setFailed(Boolean(result.error));
    setConfirming(false);
    if (!result.error && newPages) void navigate(reactivatePath(locale, true));
  };
  return (
    <section className="account-card" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{intl.formatMessage(deletionMessages.heading)}</h2>
      <p>{intl.formatMessage(deletionMessages.explanation)}</p>
      {!confirming ? (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          {intl.formatMessage(deletionMessages.start)}
        </button>
      ) : (
        <div role="group" aria-labelledby="delete-account-question">
          <OpenOrdersNotice />
          <p id="delete-account-question">{intl.formatMessage(deletionMessages.confirmQuestion)}</p>
          <button
            type="button"
            className="button danger"
            disabled={call.isLoading}
            onClick={() => void confirm()}
          >
            {intl.formatMessage(deletionMessages.confirm)}
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            {intl.formatMessage(accountMessages.cancel)}
          </button>
        </div>
      )}
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(deletionMessages.failed)}
        </p>
      )}
    </section>
  );
}
