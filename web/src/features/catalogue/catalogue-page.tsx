import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { EmptyState } from '../../components/empty-state';
import { ProductImage } from '../../components/product-image';
import { SimplePage } from '../../components/simple-page';
import { SkeletonCards } from '../../components/skeleton';
import { useGetCatalogueQuery } from './api';
import {
  ALL_CATEGORIES,
  filterCatalogue,
  productCount,
  searchExamples,
  type CatalogueFilter,
} from './catalogue-search';
import { catalogueMessages } from './messages';
import { ProductCard } from './product-card';

const noFilter: CatalogueFilter = { query: '', category: ALL_CATEGORIES };

/** The home page: every category of the shop with its picture and products, filtered by a search form. */
export function CataloguePage() {
  const intl = useIntl();
  const { locale = 'de' } = useParams();
  const language = isLanguage(locale) ? locale : 'de';
  const { data: categories = [], isLoading, isError } = useGetCatalogueQuery(language);
  const searchId = useId();
  const hintId = useId();
  const categoryId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [filter, setFilter] = useState<CatalogueFilter>(noFilter);
  const shown = useMemo(() => filterCatalogue(categories, filter), [categories, filter]);
  const examples = searchExamples(categories);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ query, category });
  };
  const showAll = () => {
    setQuery('');
    setCategory(ALL_CATEGORIES);
    setFilter(noFilter);
  };

  return (
    <SimplePage
      title={intl.formatMessage(catalogueMessages.title)}
      description={intl.formatMessage(catalogueMessages.intro)}
    >
      <p>
        {intl.formatMessage(catalogueMessages.today, {
          date: intl.formatDate(new Date(), { dateStyle: 'full' }),
        })}
      </p>
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
        </div>
        <div className="field">
          <label htmlFor={categoryId}>{intl.formatMessage(catalogueMessages.categoryLabel)}</label>
          <select id={categoryId} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value={ALL_CATEGORIES}>{intl.formatMessage(catalogueMessages.categoryAll)}</option>
            {categories.map((entry) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.name}
              </option>
            ))}
          </select>
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
      {shown.map((entry, index) => (
        <section key={entry.slug} className="catalogue-category" aria-labelledby={`category-${entry.slug}`}>
          <div className="category-banner">
            <ProductImage image={entry.image} className="category-image" decorative />
            <div>
              <h2 id={`category-${entry.slug}`}>{entry.name}</h2>
              <p>{entry.description}</p>
            </div>
          </div>
          <ul className="product-grid">
            {entry.products.map((product) => (
              <ProductCard key={product.id} product={product} locale={language} eager={index === 0} />
            ))}
          </ul>
        </section>
      ))}
    </SimplePage>
  );
}
