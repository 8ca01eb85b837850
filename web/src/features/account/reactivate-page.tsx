import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { SimplePage } from '../../components/simple-page';
import { RequireSession } from '../../lib/session/require-session';
import { useGetCurrentUserQuery } from './api';
import { deletionMessages } from './deletion-messages';
import { accountMessages } from './messages';
import { profilePath, useNewProfilePages } from './profile-pages';
import { ReactivatePanel } from './reactivate-panel';

/** §4 /profilev2/reactivate: where an account with deleteAfter is sent when the new profile pages are
 * on; without them /profile shows the same panel, and this address leads there. */
function Reactivate() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const newPages = useNewProfilePages();
  const current = useGetCurrentUserQuery(locale as Language);
  if (newPages === false) return <Navigate replace to={profilePath(locale, false)} />;
  return (
    <SimplePage
      title={intl.formatMessage(accountMessages.reactivateTitle)}
      description={intl.formatMessage(accountMessages.reactivateDescription)}
    >
      {current.data?.deleteAfter ? (
        <ReactivatePanel deleteAfter={new Date(current.data.deleteAfter)} />
      ) : (
        current.data && <p role="status">{intl.formatMessage(deletionMessages.notScheduled)}</p>
      )}
      {current.data && (
        <Link to={profilePath(locale, true)}>{intl.formatMessage(deletionMessages.toProfile)}</Link>
      )}
    </SimplePage>
  );
}

export function ReactivatePage() {
  return (
    <RequireSession>
      <Reactivate />
    </RequireSession>
  );
}

export default ReactivatePage;
