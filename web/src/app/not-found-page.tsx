import { useIntl } from 'react-intl';
import { SimplePage } from '../components/simple-page';
import { shellMessages } from './shell-messages';

export function NotFoundPage() {
  const intl = useIntl();
  return (
    <SimplePage
      title={intl.formatMessage(shellMessages.notFoundTitle)}
      description={intl.formatMessage(shellMessages.notFoundDescription)}
    />
  );
}
