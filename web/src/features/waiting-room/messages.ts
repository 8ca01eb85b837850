import { defineMessage, defineMessages } from 'react-intl';

export const waitingRoomMessages = defineMessages({
  title: { id: 'waitingRoom.title', defaultMessage: 'Waiting room' },
  description: {
    id: 'waitingRoom.description',
    defaultMessage:
      'Many visitors want in at once. Keep this page open: we let everyone in at a steady pace, in the order of the queue.',
  },
  joining: { id: 'waitingRoom.joining', defaultMessage: 'Taking your place in the queue…' },
  failed: {
    id: 'waitingRoom.failed',
    defaultMessage: 'We cannot reach the queue right now. We keep trying; your place is kept.',
  },
  notFound: { id: 'waitingRoom.notFound', defaultMessage: 'This sale does not exist.' },
  admitted: { id: 'waitingRoom.admitted', defaultMessage: 'It is your turn!' },
  continue: { id: 'waitingRoom.continue', defaultMessage: 'Continue to the tickets' },
  expired: {
    id: 'waitingRoom.expired',
    defaultMessage: 'Your turn has passed unused. You can queue again, at the back.',
  },
  rejoin: { id: 'waitingRoom.rejoin', defaultMessage: 'Queue again' },
  closed: { id: 'waitingRoom.closed', defaultMessage: 'This sale has ended.' },
  noSkipping: {
    id: 'waitingRoom.noSkipping',
    defaultMessage: 'Reloading this page keeps your place; it does not move you forward.',
  },
});

/** The notice on a sale's product page. */
export const saleNoticeMessages = {
  upcoming: defineMessage<{ date: string; time: string }>(
    {
      id: 'waitingRoom.notice.upcoming',
      defaultMessage:
        'This product goes on sale on {date} at {time}, through a waiting room. Join the queue now: everyone who is there at the opening gets a place drawn at random.',
    },
    { typed: true },
  ),
  open: defineMessage({
    id: 'waitingRoom.notice.open',
    defaultMessage:
      'This product is on sale through a waiting room: join the queue, and you can book when it is your turn.',
  }),
  join: defineMessage({ id: 'waitingRoom.notice.join', defaultMessage: 'Join the queue' }),
};

export const waitingRoomValueMessages = {
  beforeOpening: defineMessage<{ time: string }>(
    {
      id: 'waitingRoom.beforeOpening',
      defaultMessage:
        'The sale opens at {time}. Everyone here before then gets a place drawn at random when it opens.',
    },
    { typed: true },
  ),
  position: defineMessage<{ position: number }>(
    { id: 'waitingRoom.position', defaultMessage: 'Your place in the queue: {position}' },
    { typed: true },
  ),
  estimate: defineMessage<{ minutes: number }>(
    {
      id: 'waitingRoom.estimate',
      defaultMessage: 'Estimated wait: about {minutes, plural, one {# minute} other {# minutes}}',
    },
    { typed: true },
  ),
  useBy: defineMessage<{ time: string }>(
    {
      id: 'waitingRoom.useBy',
      defaultMessage: 'Add your tickets to the basket by {time}, or your turn passes.',
    },
    { typed: true },
  ),
};
