import { defineMessage, defineMessages } from 'react-intl';

/** Account deletion (§4), the new profile pages and person photos. */
export const deletionMessages = defineMessages({
  heading: { id: 'account.deletion.heading', defaultMessage: 'Delete my account' },
  explanation: {
    id: 'account.deletion.explanation',
    defaultMessage:
      'Your account is deleted after a grace period of 30 days. Until then you can sign in and keep it. Afterwards your personal data are erased; your orders are kept without your name for the accounting.',
  },
  start: { id: 'account.deletion.start', defaultMessage: 'Delete my account…' },
  confirmQuestion: {
    id: 'account.deletion.confirmQuestion',
    defaultMessage: 'Do you really want to delete your account?',
  },
  confirm: { id: 'account.deletion.confirm', defaultMessage: 'Yes, delete my account' },
  failed: {
    id: 'account.deletion.failed',
    defaultMessage: 'The deletion could not be requested. Please try again shortly.',
  },
  keep: { id: 'account.deletion.keep', defaultMessage: 'Keep my account' },
  kept: { id: 'account.deletion.kept', defaultMessage: 'Your account stays. Welcome back!' },
  keepFailed: {
    id: 'account.deletion.keepFailed',
    defaultMessage: 'Your account could not be reactivated. Please try again.',
  },
  notScheduled: {
    id: 'account.deletion.notScheduled',
    defaultMessage: 'Your account is not scheduled for deletion.',
  },
  toProfile: { id: 'account.deletion.toProfile', defaultMessage: 'To my account' },
  photoHeading: { id: 'account.photo.heading', defaultMessage: 'Photo' },
  photoLabel: { id: 'account.photo.label', defaultMessage: 'Choose a photo (JPEG, PNG or WebP)' },
  photoUpload: { id: 'account.photo.upload', defaultMessage: 'Upload photo' },
  photoRemove: { id: 'account.photo.remove', defaultMessage: 'Remove photo' },
  photoAlt: { id: 'account.photo.alt', defaultMessage: 'Photo of the person' },
  photoWrongType: {
    id: 'account.photo.wrongType',
    defaultMessage: 'Please choose a JPEG, PNG or WebP image.',
  },
  photoTooLarge: {
    id: 'account.photo.tooLarge',
    defaultMessage: 'The photo is too large. Please choose a smaller one.',
  },
  photoFailed: {
    id: 'account.photo.failed',
    defaultMessage: 'The photo could not be saved. Please try again.',
  },
  photoSaved: { id: 'account.photo.saved', defaultMessage: 'The photo has been saved.' },
});

/** The orders still open when the customer confirms the deletion. */
export const openOrderMessages = {
  count: defineMessage<{ count: number }>(
    {
      id: 'account.deletion.openOrders',
      defaultMessage: 'You still have {count, plural, one {# open reservation} other {# open reservations}}:',
    },
    { typed: true },
  ),
  ...defineMessages({
    fate: {
      id: 'account.deletion.openOrders.fate',
      defaultMessage:
        'Unpaid reservations stay until they are paid or lapse: pay or cancel them under “My orders” before the deletion, or at the ticket office with their number. Paid tickets stay valid until they are used. Once the account is deleted we send you a confirmation by e-mail.',
    },
    CREATED: { id: 'account.deletion.openOrders.CREATED', defaultMessage: 'not paid' },
    PENDING: { id: 'account.deletion.openOrders.PENDING', defaultMessage: 'payment open' },
    RESERVED: { id: 'account.deletion.openOrders.RESERVED', defaultMessage: 'to pay on site' },
  }),
};

export const deletionValueMessages = {
  scheduled: defineMessage<{ date: string }>(
    {
      id: 'account.deletion.scheduled',
      defaultMessage: 'Your account will be deleted on {date}. Until then you can keep it.',
    },
    { typed: true },
  ),
};
