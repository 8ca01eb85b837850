import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import type { Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { ProductImage } from '../../../components/product-image';
import { formatMoney } from '../../../lib/format/money';
import { basketMessages } from '../messages';
import type { ServerEntry } from '../server-types';
import { resizedEntryInput } from '../state/server-entries';
import { isPayPerUse } from '../../consumption/pay-per-use';
import { payPerUseMessages } from '../../consumption/pay-per-use-messages';
import { isLoadedOntoKeycard } from '../model/keycard-media';
import { RenewalDisclosure } from '../season-pass/renewal-disclosure';
import { instantOf } from '../model/validity';
import { KeycardChoice } from './keycard-choice';
import { QuantityStepper } from './quantity-stepper';

/** The product's name with its definition's attributes ("Gondola, Adult"). */
export function entryName(
  entry: Pick<ServerEntry, 'productId' | 'productDefinitionId'>,
  products: readonly ProductDto[],
): string {
  const product = products.find((candidate) => candidate.id === entry.productId);
  const definition = product?.productDefinitions.find(
    (candidate) => candidate.id === entry.productDefinitionId,
  );
  const attributes = definition
    ? Object.values(definition.attributes).map((attribute) => attribute.displayName)
    : [];
  return [product?.name ?? `#${entry.productDefinitionId}`, ...attributes].join(', ');
}

/** When: a slot's day and times, or a validity's days, in the pool's time zone. */
export function EntryDetails({
  entry,
  timezone,
}: {
  entry: Pick<ServerEntry, 'validity' | 'slotId'>;
  timezone: string;
}) {
  const intl = useIntl();
  if (!entry.validity) return null;
  const from = instantOf(entry.validity.from, timezone);
  const to = instantOf(entry.validity.to, timezone);
  const text = entry.slotId
    ? `${intl.formatDate(from, { dateStyle: 'full', timeZone: timezone })}, ${intl.formatTime(from, { timeStyle: 'short', hourCycle: 'h23', timeZone: timezone })} – ${intl.formatTime(to, { timeStyle: 'short', hourCycle: 'h23', timeZone: timezone })}`
    : intl.formatDateTimeRange(from, to, { dateStyle: 'medium', timeZone: timezone });
  return <span className="entry-validity">{text}</span>;
}

interface BasketEntryItemProps {
  basketId: string;
  entry: ServerEntry;
  products: readonly ProductDto[];
  language: Language;
  busy: boolean;
  onRemove: () => void;
  onResize: (quantity: number) => void;
}

/**
 * One basket line: picture, what, when, how many (− +), the prices, its reservation, required products as
 * part of it, a plate for parking; pay per use (one card per line) says it is billed per day and asks for the keycard;
 * a season pass (one per line) asks for the keycard it is loaded onto.
 */
export function BasketEntryItem({
  basketId,
  entry,
  products,
  language,
  busy,
  onRemove,
  onResize,
}: BasketEntryItemProps) {
  const intl = useIntl();
  const product = products.find((candidate) => candidate.id === entry.productId);
  const payPerUse = isPayPerUse(entry);
  // a season pass is loaded onto one keycard per pass: no − +, the product page adds one line per person
  const seasonPass = product !== undefined && isLoadedOntoKeycard(product);
  const timezone = product?.pool.timezone ?? 'Europe/Zurich';
  const name = entryName(entry, products);
  const included = [...entry.originatedEntries, ...entry.children];
  return (
    <li className="basket-entry">
      <ProductImage image={product?.image ?? null} className="basket-entry-image" decorative />
      <div className="basket-entry-main">
        <h3 tabIndex={-1} id={`entry-${entry.id}`}>
          {entry.quantity} × {name}
        </h3>
        <EntryDetails entry={entry} timezone={timezone} />
        {entry.hold !== 'none' && (
          <span className={`hold-badge hold-${entry.hold}`}>
            {intl.formatMessage(
              entry.hold === 'held' ? basketMessages.entryHeld : basketMessages.entryHoldExpired,
            )}
          </span>
        )}
        {included.map((child) => (
          <small key={child.id} className="line-included">
            + {child.quantity} × {entryName(child, products)}: {formatMoney(intl, child.price)}
          </small>
        ))}
        {product && payPerUse && (
          <KeycardChoice
            basketId={basketId}
            entry={entry}
            language={language}
            product={product}
            purpose="payPerUse"
          />
        )}
        {product?.media.includes('LICENSEPLATE') && !payPerUse && (
          <KeycardChoice
            basketId={basketId}
            entry={entry}
            language={language}
            product={product}
            purpose="plate"
          />
        )}
        {product?.kind === 'SEASON_SUBSCRIPTION' && entry.validity && (
          <RenewalDisclosure
            price={entry.price}
            from={entry.validity.from}
            to={entry.validity.to}
            timezone={timezone}
          />
        )}
        {product && seasonPass && !payPerUse && (
          <KeycardChoice
            basketId={basketId}
            entry={entry}
            language={language}
            product={product}
            purpose="seasonPass"
          />
        )}
      </div>
      <div className="basket-entry-prices">
        {payPerUse ? (
          <>
            <span className="entry-price pay-per-use-price">
              {intl.formatMessage(payPerUseMessages.billedPerDay)}
            </span>
            <small>{intl.formatMessage(payPerUseMessages.nothingNow)}</small>
          </>
        ) : (
          <>
            <span className="entry-price">{formatMoney(intl, entry.price)}</span>
            <small>
              {intl.formatMessage(basketMessages.unitPrice, { price: formatMoney(intl, entry.unitPrice) })}
            </small>
          </>
        )}
        {!payPerUse && !seasonPass && resizedEntryInput(entry, entry.quantity) && (
          <QuantityStepper name={name} quantity={entry.quantity} busy={busy} onChange={onResize} />
        )}
        <button
          type="button"
          className="link-button"
          aria-disabled={busy}
          onClick={() => !busy && onRemove()}
          aria-label={intl.formatMessage(basketMessages.removeLabel, { name })}
        >
          {intl.formatMessage(basketMessages.remove)}
        </button>
      </div>
    </li>
  );
}
