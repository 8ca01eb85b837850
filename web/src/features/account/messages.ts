import { defineMessage, defineMessages } from 'react-intl';

export const accountMessages = {
  ...defineMessages({
    profileTitle: { id: 'account.profile.title', defaultMessage: 'My account' },
    profileDescription: {
      id: 'account.profile.description',
      defaultMessage: 'Your details, your addresses and the persons you book for.',
    },
    reactivateTitle: { id: 'account.reactivate.title', defaultMessage: 'Reactivate your account' },
    reactivateDescription: {
      id: 'account.reactivate.description',
      defaultMessage: 'Your account is scheduled for deletion. You can keep it by reactivating it.',
    },
    loading: { id: 'account.loading', defaultMessage: 'Loading…' },
    loadFailed: {
      id: 'account.loadFailed',
      defaultMessage: 'This cannot be loaded right now. Please try again later.',
    },
    signInsHeading: { id: 'account.signIns.heading', defaultMessage: 'Ways to sign in' },
    signInsExplanation: {
      id: 'account.signIns.explanation',
      defaultMessage:
        'Do you also sign in another way, with another e-mail address for example? Link it to this account and see everything in one place.',
    },
    signInsLink: { id: 'account.signIns.link', defaultMessage: 'Link another sign-in' },
    saveFailed: {
      id: 'account.saveFailed',
      defaultMessage: 'This could not be saved. Please check your entries.',
    },
    saved: { id: 'account.saved', defaultMessage: 'Saved.' },
    edit: { id: 'account.edit', defaultMessage: 'Change' },
    save: { id: 'account.save', defaultMessage: 'Save' },
    cancel: { id: 'account.cancel', defaultMessage: 'Cancel' },
    requiredMark: { id: 'account.requiredMark', defaultMessage: '(required)' },
    notGiven: { id: 'account.notGiven', defaultMessage: 'not given' },
    ownerHeading: { id: 'account.owner.heading', defaultMessage: 'My details' },
    ownerMissing: {
      id: 'account.owner.missing',
      defaultMessage: 'Tell us who you are: your name and birthdate are printed on your tickets.',
    },
    ownerCreate: { id: 'account.owner.create', defaultMessage: 'Save my details' },
    firstName: { id: 'account.person.firstName', defaultMessage: 'First name' },
    lastName: { id: 'account.person.lastName', defaultMessage: 'Last name' },
    birthdate: { id: 'account.person.birthdate', defaultMessage: 'Date of birth' },
    gender: { id: 'account.person.gender', defaultMessage: 'Gender' },
    genderNone: { id: 'account.person.gender.none', defaultMessage: 'Not stated' },
    genderF: { id: 'account.person.gender.f', defaultMessage: 'Female' },
    genderM: { id: 'account.person.gender.m', defaultMessage: 'Male' },
    genderD: { id: 'account.person.gender.d', defaultMessage: 'Diverse' },
    phone: { id: 'account.person.phone', defaultMessage: 'Phone (with country code, e.g. +41 79 123 45 67)' },
    problemRequired: { id: 'account.problem.required', defaultMessage: 'Please fill in this field.' },
    problemBirthdate: {
      id: 'account.problem.birthdate',
      defaultMessage: 'Please enter a real date of birth (at most 150 years ago, not in the future).',
    },
    problemPhone: {
      id: 'account.problem.phone',
      defaultMessage: 'Please enter a valid phone number with its country code, e.g. +41 79 123 45 67.',
    },
    problemEmail: { id: 'account.problem.email', defaultMessage: 'Please enter a valid e-mail address.' },
    problemDisabled: { id: 'account.problem.disabled', defaultMessage: 'This field is not used here.' },
    settingsHeading: { id: 'account.settings.heading', defaultMessage: 'Account settings' },
    settingsEmailHint: {
      id: 'account.settings.emailHint',
      defaultMessage: 'You change your e-mail address where you sign in.',
    },
    settingsLanguage: {
      id: 'account.settings.language',
      defaultMessage: 'Language of the shop and of our e-mails',
    },
    settingsNewsletter: {
      id: 'account.settings.newsletter',
      defaultMessage: 'Send me the newsletter with offers and news from the resort',
    },
    settingsSave: { id: 'account.settings.save', defaultMessage: 'Save settings' },
    settingsFailed: {
      id: 'account.settings.failed',
      defaultMessage: 'Your settings could not be saved. Please try again.',
    },
  }),
};

/** Texts with values. */
export const accountValueMessages = {
  settingsEmail: defineMessage<{ email: string }>(
    { id: 'account.settings.email', defaultMessage: 'Your e-mail address: {email}' },
    { typed: true },
  ),
};
