import { useIntl } from 'react-intl';
import { SimplePage } from '../../components/simple-page';
import { authMessages } from './messages';

export function AuthLinkPage() {
  const intl = useIntl();
  return <SimplePage title={intl.formatMessage(authMessages.linkTitle)} description={intl.formatMessage(authMessages.linkDescription)} />;
}

export default AuthLinkPage;
