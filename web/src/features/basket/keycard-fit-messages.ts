import { defineMessage, defineMessages } from 'react-intl';

/** Why one of the customer's cards cannot carry a basket line, and the server's refusals in words
 * (docs/keycards.md "Which cards are offered"). */
export const keycardFitMessages = {
  ...defineMessages({
    misfitsHeading: {
      id: 'basket.keycardFit.misfitsHeading',
      defaultMessage: 'Your cards that cannot carry this ticket:',
    },
    reasonNotActive: {
      id: 'basket.keycardFit.reason.notActive',
      defaultMessage: 'the card is no longer active',
    },
    reasonMedium: {
      id: 'basket.keycardFit.reason.medium',
      defaultMessage: 'this ticket cannot be loaded onto this type of card',
    },
    refusedAge: {
      id: 'basket.keycardFit.refused.age',
      defaultMessage: 'The card’s holder is not of this ticket’s age on its first day.',
    },
    refusedMedium: {
      id: 'basket.keycardFit.refused.medium',
      defaultMessage: 'This ticket cannot be loaded onto this card.',
    },
    refusedNotActive: {
      id: 'basket.keycardFit.refused.notActive',
      defaultMessage: 'This card is no longer active: choose another one or add one.',
    },
    refusedNotFound: {
      id: 'basket.keycardFit.refused.notFound',
      defaultMessage: 'This card is not among your active cards any more.',
    },
    refusedNotOfPerson: {
      id: 'basket.keycardFit.refused.notOfPerson',
      defaultMessage: 'This card belongs to another person.',
    },
    refusedNamedTwice: {
      id: 'basket.keycardFit.refused.namedTwice',
      defaultMessage: 'This person is already named on another ticket for the same day.',
    },
  }),
  misfit: defineMessage<{ card: string; reason: string }>(
    { id: 'basket.keycardFit.misfit', defaultMessage: '{card}: {reason}' },
    { typed: true },
  ),
  reasonAge: defineMessage<{ person: string; ages: string }>(
    {
      id: 'basket.keycardFit.reason.age',
      defaultMessage: '{person} is not of this ticket’s age ({ages}) on its first day',
    },
    { typed: true },
  ),
  agesUpTo: defineMessage<{ max: number }>(
    { id: 'basket.keycardFit.agesUpTo', defaultMessage: 'up to {max} years' },
    { typed: true },
  ),
};
