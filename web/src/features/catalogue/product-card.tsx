import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format/money';
import { catalogueMessages } from './messages';

function cheapestBasePrice(product: ProductDto) {
  const prices = product.productDefinitions.map((definition) => definition.basePrice);
  return prices.reduce<(typeof prices)[number] | undefined>((cheapest, price) => (!cheapest || price.amount < cheapest.amount ? price : cheapest), undefined);
}

/** One product in the catalogue: name, description, the lowest base price and a link to its page. */
export function ProductCard({ product, locale }: { product: ProductDto; locale: string }) {
  const intl = useIntl();
  const price = cheapestBasePrice(product);
  return (
    <li className="product-card">
      <h3>{product.name}</h3>
      <p>{product.description}</p>
      {price && <p className="product-card-price">{intl.formatMessage(catalogueMessages.fromPrice, { price: formatMoney(intl, price) })}</p>}
      <Link
        className="button"
        to={`/${locale}/products/${product.id}`}
        aria-label={intl.formatMessage(catalogueMessages.chooseProductLabel, { name: product.name })}
      >
        {intl.formatMessage(catalogueMessages.chooseProduct)}
      </Link>
    </li>
  );
}
