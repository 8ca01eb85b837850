import { useIntl } from 'react-intl';
import { SimplePage } from '../../components/simple-page';
import { RequireSession } from '../../lib/session/require-session';
import { AccountLinks } from '../../components/account-links';
import { AddressSection } from './address-section';
import { accountMessages } from './messages';
import { OwnerSection } from './owner-section';
import { useFieldRules } from './use-field-rules';

/** /:locale/profile — the owner's details and the account's addresses. */
function Profile() {
  const intl = useIntl();
  const { schema, failed } = useFieldRules();
  return (
    <SimplePage
      title={intl.formatMessage(accountMessages.profileTitle)}
      description={intl.formatMessage(accountMessages.profileDescription)}
    >
      <AccountLinks />
      {failed && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.loadFailed)}
        </p>
      )}
      {schema && <OwnerSection rules={schema.owner} />}
      <AddressSection />
    </SimplePage>
  );
}

export function ProfilePage() {
  return (
    <RequireSession>
      <Profile />
    </RequireSession>
  );
}

export default ProfilePage;
