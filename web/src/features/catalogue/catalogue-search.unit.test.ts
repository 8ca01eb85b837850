import type { CatalogCategoryDto } from '@alpenpass/contracts/src/catalogue';
import { ALL_CATEGORIES, filterCatalogue, productCount, searchExamples } from './catalogue-search';

const category = (slug: string, name: string, productNames: string[]): CatalogCategoryDto =>
  ({
    slug,
    name,
    description: '',
    image: null,
    products: productNames.map((productName, index) => ({
      id: index + 1,
      name: productName,
      description: '',
    })),
  }) as CatalogCategoryDto;

const catalogue = [
  category('lift', 'Skitickets', ['Tageskarte Alpenhorn']),
  category('empty', 'Hallenbad', []),
  category('gondola', 'Gondelbahn', ['Gipfelgondel']),
  category('parking', 'Parking', ['Talparkplatz']),
  category('extras', 'Extras', ['Depot']),
];

describe('the catalogue search hint', () => {
  it('suggests the names of the first categories that have products', () => {
    expect(searchExamples(catalogue)).toEqual(['Skitickets', 'Gondelbahn', 'Parking']);
  });

  it('suggests only words that find something', () => {
    for (const example of searchExamples(catalogue, 10)) {
      expect(
        productCount(filterCatalogue(catalogue, { query: example, category: ALL_CATEGORIES })),
      ).toBeGreaterThan(0);
    }
    expect(productCount(filterCatalogue(catalogue, { query: 'Hallenbad', category: ALL_CATEGORIES }))).toBe(
      0,
    );
  });
});
