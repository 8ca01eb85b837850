import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { useGetProductQuery } from '../api';
import { productPageMessages } from '../messages';
import { ProductConfigurator } from './product-configurator';

/** /:locale/products/:productId — the product with its configuration form. */
export default function ProductPage() {
  const intl = useIntl();
  const { locale, productId } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const id = Number(productId);
  const { data: product, isLoading, isError } = useGetProductQuery(Number.isInteger(id) && id > 0 ? { productId: id, language } : skipToken);

  if (isLoading) return <p role="status">{intl.formatMessage(productPageMessages.loading)}</p>;
  if (isError || !product) {
    return (
      <SimplePage title={intl.formatMessage(productPageMessages.notFound)} description="">
        <Link to={`/${language}`}>{intl.formatMessage(productPageMessages.backToCatalogue)}</Link>
      </SimplePage>
    );
  }
  return (
    <SimplePage title={product.name} description={product.description}>
      <p>
        <Link to={`/${language}`}>{intl.formatMessage(productPageMessages.backToCatalogue)}</Link>
      </p>
      <ProductConfigurator key={product.id} product={product} language={language} />
    </SimplePage>
  );
}
