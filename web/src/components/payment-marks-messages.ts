import { defineMessages } from 'react-intl';

export const paymentMarksMessages = defineMessages({
  accepted: { id: 'paymentMarks.accepted', defaultMessage: 'We accept' },
});
