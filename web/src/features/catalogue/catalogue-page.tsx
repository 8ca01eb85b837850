import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { EmptyState } from '../../components/empty-state';
import { useDocumentTitle } from '../../lib/document-title';
import { SkeletonCards } from '../../components/skeleton';
import { shopNow } from '../../lib/clock/shop-clock';
import { useGetCatalogueQuery } from './api';
import { CategoryChips } from './category-chips';
import {
  ALL_CATEGORIES,
  filterCatalogue,
  productCount,
  searchExamples,
  type CatalogueFilter,
} from './catalogue-search';
import { HomeHero } from './home-hero';
import { catalogueMessages } from './messages';
import { ProductCard } from './product-card';

const noFilter: CatalogueFilter = { query: '', category: ALL_CATEGORIES };

/** The home page: the hero, the categories as chips, a search form and one grid of every product shown. */
export function CataloguePage() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const language = isLanguage(locale) ? locale : 'de';
  const { data: categories = [], isLoading, isError } = useGetCatalogueQuery(language);
  const searchId = useId();
  const hintId = useId();
  const productsId = useId();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<CatalogueFilter>(noFilter);
  const shown = useMemo(() => filterCatalogue(categories, filter), [categories, filter]);
  const examples = searchExamples(categories);
  const title = intl.formatMessage(catalogueMessages.title);
  useDocumentTitle(title);
  const chosenCategory =
    filter.category === ALL_CATEGORIES ? undefined : categories.find((c) => c.slug === filter.category);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilter((previous) => ({ ...previous, query }));
  };
  const showAll = () => {
    setQuery('');
    setFilter(noFilter);
  };

  return (
    <section className="home-page" aria-labelledby="page-title">
      <HomeHero productsId={productsId} />
      <p className="home-today">
        {intl.formatMessage(catalogueMessages.today, {
          date: intl.formatDate(shopNow(), { dateStyle: 'full' }),
        })}
      </p>
      <h2 id={productsId} className="home-products-heading" tabIndex={-1}>
        {intl.formatMessage(catalogueMessages.productsHeading)}
      </h2>
      <CategoryChips
        categories={categories}
        selected={filter.category}
        loading={isLoading}
        onSelect={(category) => setFilter((previous) => ({ ...previous, category }))}
      />
      <form className="catalogue-search" role="search" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={searchId}>{intl.formatMessage(catalogueMessages.searchLabel)}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            aria-describedby={examples.length ? hintId : undefined}
            onChange={(event) => setQuery(event.target.value)}
          />
          {examples.length > 0 && (
            <small id={hintId}>
              {intl.formatMessage(catalogueMessages.searchHint, { examples: examples.join(', ') })}
            </small>
          )}
          {isLoading && <small className="skeleton-line hint" aria-hidden="true" />}
        </div>
        <button type="submit">{intl.formatMessage(catalogueMessages.searchAction)}</button>
      </form>
      <p role="status" aria-live="polite">
        {filter.query &&
          intl.formatMessage(catalogueMessages.resultCount, {
            count: productCount(shown),
            query: filter.query,
          })}
      </p>
      {chosenCategory && <p className="category-description">{chosenCategory.description}</p>}
      {isLoading && <SkeletonCards label={intl.formatMessage(catalogueMessages.loading)} cards={3} />}
      {isError && <p role="alert">{intl.formatMessage(catalogueMessages.loadFailed)}</p>}
      {!isLoading && !isError && shown.length === 0 && (
        <EmptyState
          title={intl.formatMessage(catalogueMessages.noResults)}
          hint={intl.formatMessage(catalogueMessages.noResultsHint)}
        >
          <button type="button" className="secondary" onClick={showAll}>
            {intl.formatMessage(catalogueMessages.showAll)}
          </button>
        </EmptyState>
      )}
      {shown.length > 0 && (
        <ul className="product-grid home-grid">
          {shown.flatMap((entry) =>
            entry.products.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                locale={language}
                categoryName={entry.name}
                eager={index === 0 && entry === shown[0]}
              />
            )),
          )}
        </ul>
      )}
    </section>
  );
}
