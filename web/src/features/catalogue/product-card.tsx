import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { ProductImage } from '../../components/product-image';
import { formatMoney } from '../../lib/format/money';
import { withPageToken } from '../../lib/session/page-token';
import { useProductPrefetch } from '../../lib/prefetch/use-product-prefetch';
import { catalogueMessages } from './messages';

/** One product in the catalogue: its picture, name, description, the lowest price it can be bought for now and a link to its page. */
export function ProductCard({
  product,
  locale,
  eager = false,
  categoryName,
}: {
  product: ProductDto;
  locale: string;
  eager?: boolean;
  categoryName?: string;
}) {
  const intl = useIntl();
  const { search } = useLocation();
  const price = product.fromPrice;
  const prefetchProduct = useProductPrefetch();
  const prefetch = () => {
    if (isLanguage(locale)) prefetchProduct(product.id, locale);
  };
  return (
    <li className="product-card" onPointerEnter={prefetch} onFocus={prefetch}>
      <ProductImage image={product.image} className="product-card-image" decorative eager={eager} />
      <div className="product-card-body">
        {categoryName && <p className="product-card-category">{categoryName}</p>}
        <h3>{product.name}</h3>
        <p>{product.description}</p>
        {price && (
          <p className="product-card-price">
            {intl.formatMessage(catalogueMessages.fromPrice, { price: formatMoney(intl, price) })}
          </p>
        )}
        <Link
          className="button"
          to={withPageToken(`/${locale}/products/${product.id}`, search)}
          aria-label={intl.formatMessage(catalogueMessages.chooseProductLabel, { name: product.name })}
        >
          {intl.formatMessage(catalogueMessages.chooseProduct)}
        </Link>
      </div>
    </li>
  );
}
