import { useIntl } from 'react-intl';
import type { CatalogCategoryDto } from '@alpenpass/contracts/src/catalogue';
import { SkeletonChips } from '../../components/skeleton';
import { ALL_CATEGORIES } from './catalogue-search';
import { catalogueMessages } from './messages';

/** The categories as toggle chips: pressing one shows only its products, "All" shows everything. */
export function CategoryChips({
  categories,
  selected,
  onSelect,
  loading = false,
}: {
  categories: readonly CatalogCategoryDto[];
  selected: string;
  onSelect: (slug: string) => void;
  /** the categories' chips are still to come: grey ones keep their place */
  loading?: boolean;
}) {
  const intl = useIntl();
  const chips = [
    { slug: ALL_CATEGORIES, name: intl.formatMessage(catalogueMessages.categoryAll) },
    ...categories.map(({ slug, name }) => ({ slug, name })),
  ];
  return (
    <div
      className="category-chips"
      role="group"
      aria-label={intl.formatMessage(catalogueMessages.categoryLabel)}
    >
      {chips.map((chip) => (
        <button
          key={chip.slug}
          type="button"
          className="chip"
          aria-pressed={selected === chip.slug}
          onClick={() => onSelect(chip.slug)}
        >
          {chip.name}
        </button>
      ))}
      {loading && <SkeletonChips chips={3} />}
    </div>
  );
}
