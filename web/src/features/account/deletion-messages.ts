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

export const deletionValueMessages = {
  scheduled: defineMessage<{ date: string }>(
    {
      id: 'account.deletion.scheduled',
      defaultMessage: 'Your account will be deleted on {date}. Until then you can keep it.',
    },
    { typed: true },
  ),
};
