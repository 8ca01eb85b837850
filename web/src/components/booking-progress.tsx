import { useIntl } from 'react-intl';
import { bookingProgressMessages as messages } from './booking-progress-messages';

export const bookingSteps = ['basket', 'checkout', 'payment', 'confirmation'] as const;
export type BookingStep = (typeof bookingSteps)[number];

/** Which step of basket → checkout → payment → confirmation a page is (a path below the locale), if any. */
export function bookingStepOf(page: string, cameFromCheckout: boolean): BookingStep | null {
  if (page === 'basket') return 'basket';
  if (/^checkout\/[^/]+$/.test(page)) return 'checkout';
  if (/^checkout\/[^/]+\/return$/.test(page)) return 'payment';
  // an order page is the journey's end only right after a checkout, not when opened from "My orders"
  if (/^orders\/[^/]+$/.test(page) && cameFromCheckout) return 'confirmation';
  return null;
}

/** The four steps of a booking, the current one marked for screen readers (aria-current="step"). */
export function BookingProgress({ current }: { current: BookingStep }) {
  const intl = useIntl();
  const position = bookingSteps.indexOf(current);
  return (
    <nav className="booking-progress" aria-label={intl.formatMessage(messages.label)}>
      <ol>
        {bookingSteps.map((step, index) => {
          const name = intl.formatMessage(messages[step]);
          const state = index < position ? 'done' : index === position ? 'current' : 'next';
          return (
            <li
              key={step}
              className={`progress-step progress-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="progress-number" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              {state === 'done' ? (
                <>
                  <span className="progress-name" aria-hidden="true">
                    {name}
                  </span>
                  <span className="visually-hidden">{intl.formatMessage(messages.done, { step: name })}</span>
                </>
              ) : (
                <span className="progress-name">{name}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
