import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { SimplePage } from '../../components/simple-page';
import { useGetCatalogueQuery } from './api';
import { ALL_CATEGORIES, filterCatalogue, productCount, type CatalogueFilter } from './catalogue-search';
import { catalogueMessages } from './messages';
import { ProductCard } from './product-card';

/** The home page: every category of the shop with its products, filtered by a search form. */
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
  const [filter, setFilter] = useState<CatalogueFilter>({ query: '', category: ALL_CATEGORIES });
  const shown = useMemo(() => filterCatalogue(categories, filter), [categories, filter]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ query, category });
  };

  return (
    <SimplePage title={intl.formatMessage(catalogueMessages.title)} description={intl.formatMessage(catalogueMessages.intro)}>
      <p>{intl.formatMessage(catalogueMessages.today, { date: intl.formatDate(new Date(), { dateStyle: 'full' }) })}</p>
      <form className="catalogue-search" role="search" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={searchId}>{intl.formatMessage(catalogueMessages.searchLabel)}</label>
          <input id={searchId} type="search" value={query} aria-describedby={hintId} onChange={(event) => setQuery(event.target.value)} />
          <small id={hintId}>{intl.formatMessage(catalogueMessages.searchHint)}</small>
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
        {isLoading && intl.formatMessage(catalogueMessages.loading)}
        {filter.query && intl.formatMessage(catalogueMessages.resultCount, { count: productCount(shown), query: filter.query })}
      </p>
      {isError && <p role="alert">{intl.formatMessage(catalogueMessages.loadFailed)}</p>}
      {shown.map((entry) => (
        <section key={entry.slug} className="catalogue-category" aria-labelledby={`category-${entry.slug}`}>
          <h2 id={`category-${entry.slug}`}>{entry.name}</h2>
          <p>{entry.description}</p>
          <ul className="product-grid">
            {entry.products.map((product) => (
              <ProductCard key={product.id} product={product} locale={language} />
            ))}
          </ul>
        </section>
      ))}
    </SimplePage>
  );
}
