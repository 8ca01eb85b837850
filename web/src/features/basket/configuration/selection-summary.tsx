import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { DateTime } from 'luxon';
import { shopNow } from '../../../lib/clock/shop-clock';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { useGetPricesQuery, useGetProductsQuery } from '../api';
import { productPageMessages } from '../messages';
import type { BasketEntry, ProductDefinition } from '../model/types';

type DisplayedDefinition = ProductDefinition & {
  basePrice?: { amount: number };
  fromPrice?: { amount: number } | null;
  attributes: Record<string, { value: string; displayName?: string }>;
};

const attributeText = (definition: DisplayedDefinition) =>
  Object.values(definition.attributes)
    .map((attribute) => attribute.displayName ?? attribute.value)
    .join(', ');

/** A dated product whose day is not chosen yet: it shows the lowest price of the days it can be booked on. */
const undated = (entry: BasketEntry) => entry.product.hasValidity && !entry.validity;

/** The validity's first day in the pool's zone: the day prices are asked for. */
const priceDay = (entry: BasketEntry) =>
  (entry.validity ? DateTime.fromISO(entry.validity.from, { setZone: true }) : DateTime.fromJSDate(shopNow()))
    .setZone(entry.product.pool.timezone)
    .toISODate()!;

export interface SelectionPricing {
  unitAmount: (entry: BasketEntry) => number;
  total: number;
  /** some line has no day yet: the total is a "from" price */
  lowest: boolean;
  requiredProducts: readonly ProductDto[];
}

/** The prices of the drafted entries (the chosen day's, else the lowest bookable) and their total. */
export function useSelectionPricing(drafts: BasketEntry[], language: Language): SelectionPricing {
  const all = drafts.flatMap((entry) => [entry, ...entry.children]);
  const requiredProductIds = [
    ...new Set(drafts.flatMap((entry) => entry.children.map((child) => child.product.id))),
  ];
  const { data: requiredProducts = [] } = useGetProductsQuery(
    requiredProductIds.length ? { productIds: requiredProductIds, language } : skipToken,
  );
  const requests = all
    .filter((entry) => !undated(entry))
    .map((entry) => ({ validAt: priceDay(entry), productDefinitionId: entry.productDefinition.id }));
  const { data: prices } = useGetPricesQuery(requests.length ? requests : skipToken);

  const unitAmount = (entry: BasketEntry) => {
    const definition = entry.productDefinition as DisplayedDefinition;
    if (undated(entry)) return definition.fromPrice?.amount ?? definition.basePrice?.amount ?? 0;
    const priced = prices?.find(
      (price) =>
        price.productDefinitionId === entry.productDefinition.id && price.validAt === priceDay(entry),
    )?.amount;
    return priced ?? definition.basePrice?.amount ?? 0;
  };
  return {
    unitAmount,
    total: all.reduce((sum, entry) => sum + unitAmount(entry) * entry.quantity, 0),
    lowest: all.some(undated),
    requiredProducts,
  };
}

/** Pay per use is sold at no charge: each day of use is billed later (docs/consumptions.md). */
export const isPayPerUse = (product: Pick<ProductDto, 'kind'>) => product.kind === 'CONSUMPTION';

/** The total line: "Total: CHF 64.00", or "Total: from …" before a day is chosen; pay per use charges nothing now. */
export function SelectionTotal({
  pricing,
  payPerUse = false,
}: {
  pricing: SelectionPricing;
  payPerUse?: boolean;
}) {
  const intl = useIntl();
  if (payPerUse) return <p className="summary-total">{intl.formatMessage(payPerUseMessages.total)}</p>;
  const price = formatMoney(intl, { amount: pricing.total, currency: 'CHF' });
  return (
    <p className="summary-total">
      {intl.formatMessage(pricing.lowest ? productPageMessages.totalFrom : productPageMessages.total, {
        price,
      })}
    </p>
  );
}

/** What the choices add up to: one line per person type, each required product (the keycard deposit)
 * as an extra on top of its line. Before a day is chosen, the lowest prices. */
export function SelectionSummary({
  product,
  drafts,
  pricing,
}: {
  product: ProductDto;
  drafts: BasketEntry[];
  pricing: SelectionPricing;
}) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, { amount, currency: 'CHF' });
  const { unitAmount, requiredProducts } = pricing;

  if (drafts.length === 0)
    return <p className="hint">{intl.formatMessage(productPageMessages.nothingChosen)}</p>;
  return (
    <div className="selection-summary">
      <ul>
        {drafts.map((entry) => (
          <li key={entry.id}>
            <span className="line-title">
              {intl.formatMessage(productPageMessages.lineTitle, {
                quantity: entry.quantity,
                name: [product.name, attributeText(entry.productDefinition as DisplayedDefinition)]
                  .filter(Boolean)
                  .join(', '),
              })}
            </span>
            <span className="line-price">
              {isPayPerUse(product)
                ? intl.formatMessage(payPerUseMessages.dayPrice, { price: money(unitAmount(entry)) })
                : undated(entry)
                  ? intl.formatMessage(productPageMessages.priceFrom, {
                      price: money(unitAmount(entry) * entry.quantity),
                    })
                  : money(unitAmount(entry) * entry.quantity)}
            </span>
            {entry.children.map((child) => (
              <small key={child.id} className="line-included">
                {intl.formatMessage(productPageMessages.extra, {
                  quantity: child.quantity,
                  name: requiredProducts.find((candidate) => candidate.id === child.product.id)?.name ?? '…',
                  price: money(unitAmount(child) * child.quantity),
                })}
              </small>
            ))}
          </li>
        ))}
      </ul>
      <p className="hint">
        {intl.formatMessage(
          isPayPerUse(product) ? payPerUseMessages.basketNote : productPageMessages.estimateNote,
        )}
      </p>
    </div>
  );
}
