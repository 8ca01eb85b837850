import { defineMessage, defineMessages } from 'react-intl';

export const ordersMessages = {
  ...defineMessages({
    title: { id: 'orders.title', defaultMessage: 'My orders' },
    description: { id: 'orders.description', defaultMessage: 'Everything you have booked, newest first.' },
    loading: { id: 'orders.loading', defaultMessage: 'Loading your orders…' },
    failed: {
      id: 'orders.failed',
      defaultMessage: 'Your orders cannot be loaded right now. Please try again later.',
    },
    filterLegend: { id: 'orders.filter.legend', defaultMessage: 'Show orders with the status' },
    filterAll: { id: 'orders.filter.all', defaultMessage: 'Show all' },
    empty: { id: 'orders.empty', defaultMessage: 'You have no orders yet.' },
    emptyFiltered: { id: 'orders.emptyFiltered', defaultMessage: 'No orders with the chosen status.' },
    paging: { id: 'orders.paging.label', defaultMessage: 'Pages of orders' },
    previous: { id: 'orders.paging.previous', defaultMessage: 'Previous page' },
    next: { id: 'orders.paging.next', defaultMessage: 'Next page' },
  }),
  placedOn: defineMessage<{ date: string }>(
    { id: 'orders.placedOn', defaultMessage: 'Ordered on {date}' },
    { typed: true },
  ),
  openOrder: defineMessage<{ refno: string }>(
    { id: 'orders.open', defaultMessage: 'Order {refno}' },
    { typed: true },
  ),
  pageOf: defineMessage<{ page: number; pages: number }>(
    { id: 'orders.paging.pageOf', defaultMessage: 'Page {page} of {pages}' },
    { typed: true },
  ),
  count: defineMessage<{ count: number }>(
    { id: 'orders.count', defaultMessage: '{count, plural, one {# order} other {# orders}}' },
    { typed: true },
  ),
};
