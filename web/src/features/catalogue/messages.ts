import { defineMessage, defineMessages } from 'react-intl';

export const catalogueMessages = {
  ...defineMessages({
    title: { id: 'catalogue.title', defaultMessage: 'Tickets and passes' },
    intro: {
      id: 'catalogue.intro',
      defaultMessage: 'Choose your lift pass, gondola ride, parking or season pass and book it online.',
    },
    searchLabel: { id: 'catalogue.search.label', defaultMessage: 'Search products' },
    categoryLabel: { id: 'catalogue.category.label', defaultMessage: 'Category' },
    categoryAll: { id: 'catalogue.category.all', defaultMessage: 'All categories' },
    searchAction: { id: 'catalogue.search.action', defaultMessage: 'Show products' },
    loading: { id: 'catalogue.loading', defaultMessage: 'Loading the products…' },
    loadFailed: {
      id: 'catalogue.loadFailed',
      defaultMessage: 'The products could not be loaded. Please try again later.',
    },
    chooseProduct: { id: 'catalogue.product.choose', defaultMessage: 'Choose' },
    noResults: { id: 'catalogue.noResults', defaultMessage: 'No product matches your search.' },
    noResultsHint: {
      id: 'catalogue.noResults.hint',
      defaultMessage: 'Try another word, or show all categories.',
    },
    showAll: { id: 'catalogue.showAll', defaultMessage: 'Show all products' },
    season: {
      id: 'catalogue.hero.season',
      defaultMessage: 'Winter season: the lifts are running. Book online – early bookers pay less.',
    },
    callToAction: { id: 'catalogue.hero.action', defaultMessage: 'Find your ticket' },
    productsHeading: { id: 'catalogue.products.heading', defaultMessage: 'Our offers' },
  }),
  resultCount: defineMessage<{ count: number; query: string }>(
    {
      id: 'catalogue.search.resultCount',
      defaultMessage: '{count, plural, one {# product matches} other {# products match}} “{query}”.',
    },
    { typed: true },
  ),
  fromPrice: defineMessage<{ price: string }>(
    { id: 'catalogue.product.fromPrice', defaultMessage: 'from {price}' },
    { typed: true },
  ),
  chooseProductLabel: defineMessage<{ name: string }>(
    { id: 'catalogue.product.chooseLabel', defaultMessage: 'Choose {name}' },
    { typed: true },
  ),
  searchHint: defineMessage<{ examples: string }>(
    { id: 'catalogue.search.hint', defaultMessage: 'For example: {examples}' },
    { typed: true },
  ),
  today: defineMessage<{ date: string }>(
    { id: 'catalogue.today', defaultMessage: 'Today is {date}.' },
    { typed: true },
  ),
};
