import { useIntl } from 'react-intl';
import { Navigate, useLocation, useParams } from 'react-router';
import { AccountDeletionSection } from './account-deletion-section';
import { AccountSettingsSection } from './account-settings-section';
import { profilePath, useNewProfilePages } from './profile-pages';
import { SimplePage } from '../../components/simple-page';
import { RequireSession } from '../../lib/session/require-session';
import { AccountLinks } from '../../components/account-links';
import { AddressSection } from './address-section';
import { accountMessages } from './messages';
import { OwnerSection } from './owner-section';
import { SignInsSection } from './sign-ins-section';
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
      <AccountSettingsSection />
      {schema && <OwnerSection rules={schema.owner} />}
      <AddressSection />
      <SignInsSection />
      <AccountDeletionSection />
    </SimplePage>
  );
}

/** /profile and, with enableNewProfilePages, /profilev2 (the other address leads to the one in use). */
export function ProfilePage({ version = 1 }: { version?: 1 | 2 }) {
  const { locale = 'de' } = useParams();
  const { search } = useLocation();
  const newPages = useNewProfilePages();
  if (newPages !== undefined && newPages !== (version === 2))
    return <Navigate replace to={`${profilePath(locale, newPages)}${search}`} />;
  return (
    <RequireSession>
      <Profile />
    </RequireSession>
  );
}

export const ProfileV2Page = () => <ProfilePage version={2} />;

export default ProfilePage;
