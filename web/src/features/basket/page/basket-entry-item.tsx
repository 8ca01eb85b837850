import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/format/money';
import { basketMessages } from '../messages';
import type { ServerEntry } from '../server-types';

/** The product's name with its definition's attributes ("Gondola, Adult"). */
export function entryName(entry: Pick<ServerEntry, 'productId' | 'productDefinitionId'>, products: readonly ProductDto[]): string {
  const product = products.find((candidate) => candidate.id === entry.productId);
  const definition = product?.productDefinitions.find((candidate) => candidate.id === entry.productDefinitionId);
  const attributes = definition ? Object.values(definition.attributes).map((attribute) => attribute.displayName) : [];
  return [product?.name ?? `#${entry.productDefinitionId}`, ...attributes].join(', ');
}

/** When: a slot's day and times, or a validity's days, in the pool's time zone. */
export function EntryDetails({ entry, timezone }: { entry: Pick<ServerEntry, 'validity' | 'slotId'>; timezone: string }) {
  const intl = useIntl();
  if (!entry.validity) return null;
  const { from, to } = entry.validity;
  const text = entry.slotId
    ? `${intl.formatDate(from, { dateStyle: 'full', timeZone: timezone })}, ${intl.formatTime(from, { timeStyle: 'short', timeZone: timezone })} – ${intl.formatTime(to, { timeStyle: 'short', timeZone: timezone })}`
    : intl.formatDateTimeRange(from, to, { dateStyle: 'medium', timeZone: timezone });
  return <span className="entry-validity">{text}</span>;
}

/** One basket line: what, when, how many, the prices, its reservation, and required products as part of it. */
export function BasketEntryItem(props: { entry: ServerEntry; products: readonly ProductDto[]; onRemove: () => void; removing: boolean }) {
  const intl = useIntl();
  const { entry, products } = props;
  const timezone = products.find((product) => product.id === entry.productId)?.pool.timezone ?? 'Europe/Zurich';
  const name = entryName(entry, products);
  const included = [...entry.originatedEntries, ...entry.children];
  return (
    <li className="basket-entry">
      <div className="basket-entry-main">
        <h3>
          {entry.quantity} × {name}
        </h3>
        <EntryDetails entry={entry} timezone={timezone} />
        {entry.hold !== 'none' && (
          <span className={`hold-badge hold-${entry.hold}`}>
            {intl.formatMessage(entry.hold === 'held' ? basketMessages.entryHeld : basketMessages.entryHoldExpired)}
          </span>
        )}
        {included.map((child) => (
          <small key={child.id} className="line-included">
            + {child.quantity} × {entryName(child, products)}: {formatMoney(intl, child.price)}
          </small>
        ))}
      </div>
      <div className="basket-entry-prices">
        <span className="entry-price">{formatMoney(intl, entry.price)}</span>
        <small>{intl.formatMessage(basketMessages.unitPrice, { price: formatMoney(intl, entry.unitPrice) })}</small>
        <button type="button" className="secondary" disabled={props.removing} onClick={props.onRemove} aria-label={intl.formatMessage(basketMessages.removeLabel, { name })}>
          {intl.formatMessage(basketMessages.remove)}
        </button>
      </div>
    </li>
  );
}
