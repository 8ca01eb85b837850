import type { ProductDto } from '@alpenpass/contracts/src/catalogue';
import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { Announcement } from '../../../components/announcement';
import { EmptyState } from '../../../components/empty-state';
import { SimplePage } from '../../../components/simple-page';
import { SkeletonLines } from '../../../components/skeleton';
import { formatMoney } from '../../../lib/format/money';
import { useGetProductsQuery } from '../api';
import { basketLineMessages, basketMessages } from '../messages';
import type { ServerEntry } from '../server-types';
import type { BasketProblem } from '../state/basket-problem';
import { useCurrentBasket } from '../state/use-current-basket';
import { useBasketChanges } from '../state/use-basket-changes';
import { BasketEntryItem, entryName } from './basket-entry-item';
import { lineKeys, orderedLines } from './basket-lines';
import { BasketPromoCode } from './basket-promo-code';
import { BasketTotals } from './basket-totals';
import { HoldNotice } from './hold-notice';

const productIdsOf = (entries: readonly ServerEntry[]): number[] =>
  entries.flatMap((entry) => [
    entry.productId,
    ...productIdsOf(entry.originatedEntries),
    ...productIdsOf(entry.children),
  ]);

type Outcome = { kind: 'removed' | 'resized'; text: string } | { kind: 'problem'; problem: BasketProblem };

/** What the basket page shows to lead on to the checkout (the checkout feature gives it: basket-checkout-page.tsx). */
export interface ProceedProps {
  basketId: string;
  language: Language;
  entries: readonly ServerEntry[];
  products: readonly ProductDto[];
}

/**
 * /:locale/basket — the server basket: lines with − + and remove, plates for parking, holds, promo code,
 * totals, and `proceed` (the way to the checkout, which the checkout feature puts here).
 */
export default function BasketPage({ proceed }: { proceed?: (props: ProceedProps) => ReactNode }) {
  const intl = useIntl();
  const { locale } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const { basketId, basket, isLoading } = useCurrentBasket();
  const productIds = [...new Set(productIdsOf(basket?.entries ?? []))].sort((a, b) => a - b);
  const { data: products = [] } = useGetProductsQuery(
    productIds.length ? { productIds, language } : skipToken,
  );
  const changes = useBasketChanges(basketId ?? '');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const remove = async (entry: ServerEntry) => {
    const name = entryName(entry, products);
    const result = await changes.remove(entry);
    if (!result.ok) return setOutcome({ kind: 'problem', problem: result.problem });
    const total = formatMoney(intl, result.basket.total);
    const text =
      result.basket.entries.length > 0
        ? intl.formatMessage(basketLineMessages.removed, { name, total })
        : intl.formatMessage(basketLineMessages.removedLast, { name });
    setOutcome({ kind: 'removed', text });
  };
  const resize = async (entry: ServerEntry, quantity: number) => {
    const result = await changes.resize(entry, quantity);
    if (!result.ok) return setOutcome({ kind: 'problem', problem: result.problem });
    const name = entryName(entry, products);
    setOutcome({
      kind: 'resized',
      text: intl.formatMessage(basketLineMessages.quantityChanged, {
        name,
        quantity,
        total: formatMoney(intl, result.basket.total),
      }),
    });
  };

  const entries = orderedLines(basket?.entries ?? []);
  const keys = lineKeys(entries);
  const loading = isLoading;

  return (
    <SimplePage
      title={intl.formatMessage(basketMessages.title)}
      description={intl.formatMessage(basketMessages.intro)}
    >
      {loading && <SkeletonLines label={intl.formatMessage(basketMessages.loading)} lines={3} />}
      {outcome?.kind === 'removed' && <Announcement text={outcome.text} />}
      <p role="status" aria-live="polite" className="visually-hidden">
        {outcome?.kind === 'resized' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'problem' && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(basketMessages[outcome.problem])}
        </p>
      )}
      {!loading && entries.length === 0 && (
        <EmptyState
          title={intl.formatMessage(basketMessages.empty)}
          hint={intl.formatMessage(basketLineMessages.emptyHint)}
        >
          <Link className="button" to={`/${language}`}>
            {intl.formatMessage(basketLineMessages.emptyAction)}
          </Link>
        </EmptyState>
      )}
      {basket && entries.length > 0 && (
        <div className="basket-layout">
          <div className="basket-lines">
            <HoldNotice hold={basket.hold} />
            <ul className="basket-entries">
              {entries.map((entry, index) => (
                <BasketEntryItem
                  key={keys[index]}
                  basketId={basket.id}
                  entry={entry}
                  products={products}
                  language={language}
                  busy={changes.changingEntryId !== null}
                  onRemove={() => void remove(entry)}
                  onResize={(quantity) => void resize(entry, quantity)}
                />
              ))}
            </ul>
            <Link to={`/${language}`}>{intl.formatMessage(basketMessages.continueShopping)}</Link>
          </div>
          <aside className="basket-summary" aria-labelledby="basket-summary-heading">
            <h2 id="basket-summary-heading">{intl.formatMessage(basketLineMessages.summaryHeading)}</h2>
            <BasketTotals basket={basket} />
            <BasketPromoCode basket={basket} />
            {proceed?.({ basketId: basket.id, language, entries: basket.entries, products })}
          </aside>
        </div>
      )}
    </SimplePage>
  );
}
