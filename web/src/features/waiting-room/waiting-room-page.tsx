import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { SkeletonLines } from '../../components/skeleton';
import { rememberAdmission } from '../../lib/api/waiting-room-admissions';
import { useGetQueueTicketQuery, useJoinQueueMutation, type QueueTicket } from './api';
import { waitingRoomMessages as messages, waitingRoomValueMessages } from './messages';
import { nextPollDelayMs, placeShown } from './poll-delay';

/** a Swiss resort writes 24-hour times in every language */
const timeOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** The place while it is not the visitor's turn, asked for again with back-off; the admission once it is. */
function QueuePlace({
  saleId,
  ticketId,
  onRejoin,
}: {
  saleId: number;
  ticketId: string;
  onRejoin: () => void;
}) {
  const intl = useIntl();
  const { locale } = useParams();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get('returnTo');
  // only a page of this shop in this language, never another site (no open redirect)
  const next = returnTo?.startsWith(`/${locale}/`) ? returnTo : `/${locale}`;
  const [failures, setFailures] = useState(0);
  const [latest, setLatest] = useState<QueueTicket>();
  const { data, error, fulfilledTimeStamp, refetch } = useGetQueueTicketQuery({ saleId, ticketId });

  useEffect(() => {
    if (error) setFailures((count) => count + 1);
  }, [error]);
  useEffect(() => {
    if (!data) return;
    setFailures(0);
    setLatest((previous) => placeShown(previous, data));
    if (data.status === 'ADMITTED' && data.admissionToken && data.admissionExpiresAt)
      rememberAdmission(saleId, {
        token: data.admissionToken,
        expiresAt: new Date(data.admissionExpiresAt).toISOString(),
      });
  }, [data, fulfilledTimeStamp, saleId]);
  const delay = nextPollDelayMs(latest, failures);
  useEffect(() => {
    if (delay === 0) return;
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [delay, refetch, fulfilledTimeStamp, failures]);

  const ticket = latest;
  return (
    <div className="waiting-room" aria-live="polite">
      {failures > 0 && (
        <p role="status" className="notice-problem">
          {intl.formatMessage(messages.failed)}
        </p>
      )}
      {!ticket && <SkeletonLines label={intl.formatMessage(messages.joining)} lines={2} />}
      {ticket?.status === 'BEFORE_OPENING' && (
        <p>
          {intl.formatMessage(waitingRoomValueMessages.beforeOpening, {
            time: intl.formatTime(new Date(ticket.opensAt), timeOptions),
          })}
        </p>
      )}
      {ticket?.status === 'WAITING' && ticket.position !== null && (
        <>
          <p className="waiting-room-position">
            <strong>
              {intl.formatMessage(waitingRoomValueMessages.position, { position: ticket.position })}
            </strong>
          </p>
          <p>
            {intl.formatMessage(waitingRoomValueMessages.estimate, {
              minutes: Math.max(1, Math.ceil((ticket.estimatedWaitSeconds ?? 0) / 60)),
            })}
          </p>
          <progress max={1} aria-hidden="true" />
        </>
      )}
      {ticket?.status === 'ADMITTED' && (
        <>
          <p>
            <strong>{intl.formatMessage(messages.admitted)}</strong>
          </p>
          {ticket.useBy && (
            <p>
              {intl.formatMessage(waitingRoomValueMessages.useBy, {
                time: intl.formatTime(new Date(ticket.useBy), timeOptions),
              })}
            </p>
          )}
          <Link className="button" to={next}>
            {intl.formatMessage(messages.continue)}
          </Link>
        </>
      )}
      {ticket?.status === 'EXPIRED' && (
        <>
          <p>{intl.formatMessage(messages.expired)}</p>
          <button type="button" onClick={onRejoin}>
            {intl.formatMessage(messages.rejoin)}
          </button>
        </>
      )}
      {ticket?.status === 'CLOSED' && <p>{intl.formatMessage(messages.closed)}</p>}
      {(ticket?.status === 'WAITING' || ticket?.status === 'BEFORE_OPENING') && (
        <p className="hint">{intl.formatMessage(messages.noSkipping)}</p>
      )}
    </div>
  );
}

/** /:locale/waiting-room/:saleId — the queue of a sale: joining again answers the same place, so a reload
 * neither loses nor improves it, and the page offers no way past the queue (the server checks admissions). */
export default function WaitingRoomPage() {
  const intl = useIntl();
  const saleId = Number(useParams().saleId);
  const [join, joined] = useJoinQueueMutation();
  useEffect(() => {
    if (Number.isInteger(saleId) && saleId > 0) void join(saleId);
  }, [join, saleId]);
  const notFound =
    !Number.isInteger(saleId) ||
    saleId <= 0 ||
    (joined.error && 'status' in joined.error && joined.error.status === 404);
  const closed = joined.error && 'status' in joined.error && joined.error.status === 409;
  return (
    <SimplePage
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description)}
    >
      {notFound ? (
        <p role="alert">{intl.formatMessage(messages.notFound)}</p>
      ) : closed ? (
        <p>{intl.formatMessage(messages.closed)}</p>
      ) : joined.data ? (
        <QueuePlace
          key={joined.data.ticketId}
          saleId={saleId}
          ticketId={joined.data.ticketId}
          onRejoin={() => void join(saleId)}
        />
      ) : joined.error ? (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.failed)}
        </p>
      ) : (
        <SkeletonLines label={intl.formatMessage(messages.joining)} lines={2} />
      )}
    </SimplePage>
  );
}
