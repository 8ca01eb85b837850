import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ProductImage } from '../../../components/product-image';
import { SimplePage } from '../../../components/simple-page';
import { SkeletonProductPage } from '../../../components/skeleton';
import { useGetCurrentClientQuery } from '../../client/api';
import { WaitingRoomNotice } from '../../waiting-room/sale-notice';
import { useGetProductQuery } from '../api';
import { productPageMessages } from '../messages';
import { ProductConfigurator } from './product-configurator';

/**
 * /:locale/products/:productId — the product with its configuration form. With enableNewBookingPages
 * the redesigned page: the picture as a wide banner, numbered steps and the summary beside them
 * (docs/feature-flags.md); without it the same choices in one column under a small picture.
 */
export default function ProductPage() {
  const intl = useIntl();
  const { locale, productId } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const id = Number(productId);
  const {
    data: product,
    isLoading,
    isError,
  } = useGetProductQuery(Number.isInteger(id) && id > 0 ? { productId: id, language } : skipToken);
  const { data: client } = useGetCurrentClientQuery();
  const flags = client?.featureFlags ?? {};
  const redesigned = flags.enableNewBookingPages === true;

  if (isLoading) return <SkeletonProductPage label={intl.formatMessage(productPageMessages.loading)} />;
  if (isError || !product) {
    return (
      <SimplePage title={intl.formatMessage(productPageMessages.notFound)} description="">
        <Link to={`/${language}`}>{intl.formatMessage(productPageMessages.backToCatalogue)}</Link>
      </SimplePage>
    );
  }
  return (
    <div className={redesigned ? 'product-page product-page-redesigned' : 'product-page'}>
      <ProductImage image={product.image} className={redesigned ? 'product-hero' : 'product-picture'} eager />
      <SimplePage title={product.name} description={product.description}>
        <p className="back-link">
          <Link to={`/${language}`}>{intl.formatMessage(productPageMessages.backToCatalogue)}</Link>
        </p>
        <WaitingRoomNotice
          productDefinitionIds={product.productDefinitions.map((definition) => definition.id)}
          language={language}
        />
        <ProductConfigurator
          key={product.id}
          product={product}
          language={language}
          redesigned={redesigned}
          priceInsight={flags.priceInsightWidget === true}
        />
      </SimplePage>
    </div>
  );
}
