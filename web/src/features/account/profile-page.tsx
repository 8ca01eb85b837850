import { useIntl } from 'react-intl';
import { SimplePage } from '../../components/simple-page';
import { accountMessages } from './messages';

export function ProfilePage() {
  const intl = useIntl();
  return (
    <SimplePage title={intl.formatMessage(accountMessages.profileTitle)} description={intl.formatMessage(accountMessages.profileDescription)} />
  );
}

export default ProfilePage;
