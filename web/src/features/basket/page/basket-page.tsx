import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { SimplePage } from '../../../components/simple-page';
import { formatMoney } from '../../../lib/format/money';
import { ProceedToCheckout } from '../../checkout/page/proceed-to-checkout';
import { useGetBasketQuery, useGetProductsQuery, useRemoveBasketEntriesMutation } from '../api';
import { findEntry } from '../model/basket-entries';
import { basketMessages } from '../messages';
import type { ServerEntry } from '../server-types';
import { basketProblemOf, type BasketProblem } from '../state/basket-problem';
import { basketStore, useBasketState } from '../state/basket-store';
import { isServerEntryOf } from '../state/server-entries';
import { BasketEntryItem } from './basket-entry-item';
import { HoldNotice } from './hold-notice';

const productIdsOf = (entries: readonly ServerEntry[]): number[] =>
  entries.flatMap((entry) => [entry.productId, ...productIdsOf(entry.originatedEntries), ...productIdsOf(entry.children)]);

/** /:locale/basket — the server basket with holds, prices and total; removing an entry updates both baskets. */
export default function BasketPage() {
  const intl = useIntl();
  const { locale } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  const { basket: clientBasket, serverBasketId } = useBasketState();
  const { data: basket, isLoading, error } = useGetBasketQuery(serverBasketId ?? skipToken);
  const productIds = [...new Set(productIdsOf(basket?.entries ?? []))].sort((a, b) => a - b);
  const { data: products = [] } = useGetProductsQuery(productIds.length ? { productIds, language } : skipToken);
  const [removeEntries, removal] = useRemoveBasketEntriesMutation();
  const [problem, setProblem] = useState<BasketProblem | null>(null);

  const remove = async (entry: ServerEntry) => {
    if (!serverBasketId) return;
    const result = await removeEntries({ basketId: serverBasketId, entryIds: [entry.id] });
    if (result.error) return setProblem(basketProblemOf(result.error));
    setProblem(null);
    const clientEntry = clientBasket.entries.find((candidate) => isServerEntryOf(candidate, entry));
    if (clientEntry && findEntry(clientBasket.entries, clientEntry.id)) basketStore.removeEntries([clientEntry.id]);
  };
  const basketGone = error !== undefined && 'status' in error && error.status === 404;
  useEffect(() => {
    if (basketGone) basketStore.reset();
  }, [basketGone]);
  const entries = basket?.entries ?? [];

  return (
    <SimplePage title={intl.formatMessage(basketMessages.title)} description={intl.formatMessage(basketMessages.intro)}>
      {isLoading && <p role="status">{intl.formatMessage(basketMessages.loading)}</p>}
      {problem && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(basketMessages[problem])}
        </p>
      )}
      {!isLoading && entries.length === 0 && <p>{intl.formatMessage(basketMessages.empty)}</p>}
      {basket && entries.length > 0 && (
        <>
          <HoldNotice hold={basket.hold} />
          <ul className="basket-entries">
            {entries.map((entry) => (
              <BasketEntryItem key={entry.id} entry={entry} products={products} removing={removal.isLoading} onRemove={() => void remove(entry)} />
            ))}
          </ul>
          <p className="basket-total">
            <span>{intl.formatMessage(basketMessages.total)}</span> <strong>{formatMoney(intl, basket.total)}</strong>
          </p>
        </>
      )}
      <div className="basket-actions">
        <Link to={`/${language}`}>{intl.formatMessage(basketMessages.continueShopping)}</Link>
        {basket && entries.length > 0 && <ProceedToCheckout basketId={basket.id} language={language} entries={entries} products={products} />}
      </div>
    </SimplePage>
  );
}
