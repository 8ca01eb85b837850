import { defineMessage, defineMessages } from 'react-intl';

export const shellMessages = {
  ...defineMessages({
    appName: { id: 'app.name', defaultMessage: 'Alpenpass' },
    skipToContent: { id: 'app.skipToContent', defaultMessage: 'Skip to content' },
    mainNavigation: { id: 'app.nav.label', defaultMessage: 'Main navigation' },
    catalogueLink: { id: 'app.nav.catalogue', defaultMessage: 'Tickets and passes' },
    profileLink: { id: 'app.nav.profile', defaultMessage: 'My account' },
    languageLabel: { id: 'app.language.label', defaultMessage: 'Language' },
    notFoundTitle: { id: 'app.notFound.title', defaultMessage: 'Page not found' },
    notFoundDescription: {
      id: 'app.notFound.description',
      defaultMessage: 'This page does not exist. Please go back to the tickets and passes.',
    },
  }),
  homeLink: defineMessage<{ name: string }>(
    { id: 'app.homeLink', defaultMessage: '{name}, home page' },
    { typed: true },
  ),
};
