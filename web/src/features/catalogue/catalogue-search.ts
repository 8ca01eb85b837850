import type { CatalogCategoryDto } from '@alpenpass/contracts/src/catalogue';

export const ALL_CATEGORIES = 'all';

export interface CatalogueFilter {
  query: string;
  category: string;
}

const normalised = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');

/** Categories with the products whose name or description contains the query (accents ignored). */
export function filterCatalogue(
  categories: readonly CatalogCategoryDto[],
  filter: CatalogueFilter,
): CatalogCategoryDto[] {
  const words = normalised(filter.query).split(/\s+/).filter(Boolean);
  return categories
    .filter((category) => filter.category === ALL_CATEGORIES || category.slug === filter.category)
    .map((category) => ({
      ...category,
      products: category.products.filter((product) => {
        const text = normalised(`${product.name} ${product.description} ${category.name}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.products.length > 0);
}

export const productCount = (categories: readonly CatalogCategoryDto[]) =>
  categories.reduce((sum, category) => sum + category.products.length, 0);

/** Words for the search hint that find something: the names of the first categories with products. */
export function searchExamples(categories: readonly CatalogCategoryDto[], count = 3): string[] {
  return categories
    .filter((category) => category.products.length > 0)
    .slice(0, count)
    .map((category) => category.name);
}
