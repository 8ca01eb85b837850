import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { holdsAdmission } from '../../lib/api/waiting-room-admissions';
import { useGetAnnouncedSalesQuery } from './api';
import { saleNoticeMessages as messages } from './messages';

/** a Swiss resort writes 24-hour times in every language */
const timeOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/**
 * On a product page: when the product is in an announced or open sale and this tab holds no admission to
 * it, says so and links to the sale's waiting page, which brings the visitor back here once admitted.
 * The server asks for the admission anyway (docs/waiting-room.md, "Enforcement").
 */
export function WaitingRoomNotice({
  productDefinitionIds,
  language,
}: {
  productDefinitionIds: readonly number[];
  language: string;
}) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const { data: sales = [] } = useGetAnnouncedSalesQuery();
  const sale = sales.find((candidate) =>
    candidate.productDefinitionIds.some((id) => productDefinitionIds.includes(id)),
  );
  if (!sale || holdsAdmission(sale.id)) return null;
  const opensAt = new Date(sale.opensAt);
  const returnTo = encodeURIComponent(`${pathname}${search}`);
  return (
    <div className="notice-info waiting-room-notice" role="status">
      <p>
        {opensAt.getTime() > Date.now()
          ? intl.formatMessage(messages.upcoming, {
              date: intl.formatDate(opensAt, { day: 'numeric', month: 'long', year: 'numeric' }),
              time: intl.formatTime(opensAt, timeOptions),
            })
          : intl.formatMessage(messages.open)}
      </p>
      <Link className="button" to={`/${language}/waiting-room/${sale.id}?returnTo=${returnTo}`}>
        {intl.formatMessage(messages.join)}
      </Link>
    </div>
  );
}
