import { defineMessage, defineMessages } from 'react-intl';

export const personsMessages = {
  ...defineMessages({
    title: { id: 'account.persons.title', defaultMessage: 'Persons' },
    description: {
      id: 'account.persons.description',
      defaultMessage: 'The people you book tickets for: family and friends.',
    },
    none: { id: 'account.persons.none', defaultMessage: 'You have not added anyone yet.' },
    add: { id: 'account.persons.add', defaultMessage: 'Add a person' },
    addHeading: { id: 'account.persons.addHeading', defaultMessage: 'New person' },
    added: { id: 'account.persons.added', defaultMessage: 'The person was added.' },
    removed: { id: 'account.persons.removed', defaultMessage: 'The person was deleted.' },
    ownerNote: {
      id: 'account.persons.ownerNote',
      defaultMessage: 'That is you: change your details on your account page.',
    },
  }),
  editPerson: defineMessage<{ name: string }>(
    { id: 'account.persons.edit', defaultMessage: 'Change {name}' },
    { typed: true },
  ),
  removePerson: defineMessage<{ name: string }>(
    { id: 'account.persons.remove', defaultMessage: 'Delete {name}' },
    { typed: true },
  ),
  bornOn: defineMessage<{ date: string }>(
    { id: 'account.persons.bornOn', defaultMessage: 'born {date}' },
    { typed: true },
  ),
};
