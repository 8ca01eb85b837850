import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAbortAccountDeletionMutation } from './api';
import { deletionMessages, deletionValueMessages } from './deletion-messages';

/** §4: a pending deletion (deleteAfter) explained, with the way to keep the account (POST /users/account/abort-deletion). */
export function ReactivatePanel({ deleteAfter, onKept }: { deleteAfter: Date; onKept?: () => void }) {
  const intl = useIntl();
  const [abort, call] = useAbortAccountDeletionMutation();
  const [failed, setFailed] = useState(false);
  const keep = async () => {
    const result = await abort();
    setFailed(Boolean(result.error));
    if (!result.error) onKept?.();
  };
  return (
    <section className="account-card" aria-labelledby="reactivate-heading">
      <h2 id="reactivate-heading">{intl.formatMessage(deletionMessages.heading)}</h2>
      <p role="status">
        {intl.formatMessage(deletionValueMessages.scheduled, {
          date: intl.formatDate(deleteAfter, { dateStyle: 'long', timeZone: 'Europe/Berlin' }),
        })}
      </p>
      <button type="button" className="button" disabled={call.isLoading} onClick={() => void keep()}>
        {intl.formatMessage(deletionMessages.keep)}
      </button>
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(deletionMessages.keepFailed)}
        </p>
      )}
    </section>
  );
}
