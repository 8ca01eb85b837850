import { useIntl } from 'react-intl';
import { SimplePage } from '../../components/simple-page';
import { accountMessages } from './messages';

/** §4: where an account with deleteAfter set is sent (new profile pages). */
export function ReactivatePage() {
  const intl = useIntl();
  return (
    <SimplePage
      title={intl.formatMessage(accountMessages.reactivateTitle)}
      description={intl.formatMessage(accountMessages.reactivateDescription)}
    />
  );
}

export default ReactivatePage;
