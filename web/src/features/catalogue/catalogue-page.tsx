import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { SimplePage } from '../../components/simple-page';
import { catalogueMessages } from './messages';

const categories = [
  { value: 'all', label: catalogueMessages.categoryAll },
  { value: 'passes', label: catalogueMessages.categoryPasses },
  { value: 'slots', label: catalogueMessages.categorySlots },
  { value: 'leisure', label: catalogueMessages.categoryLeisure },
] as const;

type Category = (typeof categories)[number]['value'];

/** Placeholder home page until the catalogue API exists: a labelled, keyboard-usable search form. */
export function CataloguePage() {
  const intl = useIntl();
  const searchId = useId();
  const hintId = useId();
  const categoryId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<Category>('all');
  const [submitted, setSubmitted] = useState<{ query: string; category: Category }>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted({ query, category });
  };
  const categoryLabel = (value: Category) => intl.formatMessage(categories.find((entry) => entry.value === value)!.label);

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
          <select id={categoryId} value={category} onChange={(event) => setCategory(event.target.value as Category)}>
            {categories.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {intl.formatMessage(entry.label)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{intl.formatMessage(catalogueMessages.searchAction)}</button>
      </form>
      <p role="status" aria-live="polite">
        {submitted &&
          intl.formatMessage(catalogueMessages.placeholderNotice, { category: categoryLabel(submitted.category), query: submitted.query })}
      </p>
    </SimplePage>
  );
}
