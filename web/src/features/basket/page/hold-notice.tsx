import { useIntl } from 'react-intl';
import { basketMessages } from '../messages';
import type { ServerBasket } from '../server-types';

/** The state of the basket's slot reservation (hold) and, when known, when it ends or ended; nothing for a
 * basket whose items hold no places (a season pass, parking), which has no reservation to speak of. */
export function HoldNotice({ hold }: { hold: ServerBasket['hold'] }) {
  const intl = useIntl();
  const time = (date: Date) =>
    intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  if (hold.status === 'none') return null;
  if (hold.status === 'expired') {
    return (
      <p className="hold-notice hold-expired" role="alert">
        {intl.formatMessage(basketMessages.holdExpired, {
          time: hold.expiredAt ? time(hold.expiredAt) : '–',
        })}
      </p>
    );
  }
  return (
    <p className="hold-notice hold-active">
      {hold.expiresAt
        ? intl.formatMessage(basketMessages.holdExpires, { time: time(hold.expiresAt) })
        : intl.formatMessage(basketMessages.holdActive)}
    </p>
  );
}
