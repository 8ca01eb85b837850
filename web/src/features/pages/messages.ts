import { defineMessages } from 'react-intl';

export const pageMessages = defineMessages({
  loading: { id: 'pages.loading', defaultMessage: 'Loading the page…' },
  notFound: { id: 'pages.notFound', defaultMessage: 'This page does not exist.' },
  loadFailed: {
    id: 'pages.loadFailed',
    defaultMessage: 'The page could not be loaded. Please try again later.',
  },
});
