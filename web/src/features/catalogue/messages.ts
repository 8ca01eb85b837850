import { defineMessage, defineMessages } from 'react-intl';

export const catalogueMessages = {
  ...defineMessages({
    title: { id: 'catalogue.title', defaultMessage: 'Tickets and passes' },
    intro: { id: 'catalogue.intro', defaultMessage: 'Choose your lift pass, gondola ride or pool entry and book it online.' },
    searchLabel: { id: 'catalogue.search.label', defaultMessage: 'Search products' },
    searchHint: { id: 'catalogue.search.hint', defaultMessage: 'For example: day pass, gondola, pool' },
    categoryLabel: { id: 'catalogue.category.label', defaultMessage: 'Category' },
    categoryAll: { id: 'catalogue.category.all', defaultMessage: 'All categories' },
    categoryPasses: { id: 'catalogue.category.passes', defaultMessage: 'Lift passes' },
    categorySlots: { id: 'catalogue.category.slots', defaultMessage: 'Time-slot tickets' },
    categoryLeisure: { id: 'catalogue.category.leisure', defaultMessage: 'Pools and leisure' },
    searchAction: { id: 'catalogue.search.action', defaultMessage: 'Show products' },
  }),
  placeholderNotice: defineMessage<{ category: string; query: string }>(
    { id: 'catalogue.placeholder.notice', defaultMessage: 'The online shop opens soon. Showing {category} matching “{query}”.' },
    { typed: true },
  ),
  today: defineMessage<{ date: string }>({ id: 'catalogue.today', defaultMessage: 'Today is {date}.' }, { typed: true }),
};
