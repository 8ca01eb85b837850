import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { basketMessages } from '../messages';

/** /:locale/checkout — a placeholder until the checkout exists. */
export default function CheckoutPlaceholderPage() {
  const intl = useIntl();
  const { locale } = useParams();
  return (
    <SimplePage title={intl.formatMessage(basketMessages.checkoutTitle)} description={intl.formatMessage(basketMessages.checkoutDescription)}>
      <Link to={`/${locale}/basket`}>{intl.formatMessage(basketMessages.backToBasket)}</Link>
    </SimplePage>
  );
}
