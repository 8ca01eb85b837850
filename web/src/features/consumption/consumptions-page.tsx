import { isLanguage, type Language } from '@alpenpass/contracts/src/language-codes';
import { useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { useAddressParams } from '../../lib/navigation/use-address-params';
import { AccountLinks } from '../../components/account-links';
import { EmptyState } from '../../components/empty-state';
import { SimplePage } from '../../components/simple-page';
import { SkeletonLines } from '../../components/skeleton';
import { withPageToken } from '../../lib/session/page-token';
import { RequireSession } from '../../lib/session/require-session';
import { useGetCatalogueQuery } from '../catalogue/api';
import { CONSUMPTIONS_PER_PAGE, useGetConsumptionsQuery } from './api';
import { ConsumptionDay } from './consumption-day';
import { consumptionMessages as messages } from './messages';
import { SeasonUsage } from './season-usage';
import { useKeycardNames } from './use-keycard-names';

/** Where to register a keycard: the catalogue's pay-per-use product, else the catalogue. */
function usePayPerUseOffer(language: Language): string {
  const { data: catalogue = [] } = useGetCatalogueQuery(language);
  const product = catalogue
    .flatMap((category) => category.products)
    .find((candidate) => candidate.kind === 'CONSUMPTION');
  return product ? `/${language}/products/${product.id}` : `/${language}`;
}

/** The days of use, newest first, one page of §5's 100 at a time (the page in the address). */
function ConsumptionDays({ language }: { language: Language }) {
  const intl = useIntl();
  const { search } = useLocation();
  const [query, setQuery] = useAddressParams();
  const page = Math.max(0, Number.parseInt(query.get('page') ?? '0', 10) || 0);
  const { data: consumptions, isLoading, error } = useGetConsumptionsQuery({ page });
  const keycardName = useKeycardNames();
  const offer = usePayPerUseOffer(language);
  const show = (next: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(next));
    setQuery(params);
  };
  const orderPath = (orderId: number) => withPageToken(`/${language}/orders/${orderId}`, search);

  return (
    <section aria-labelledby="days-heading">
      <h2 id="days-heading">{intl.formatMessage(messages.daysHeading)}</h2>
      {isLoading && <SkeletonLines label={intl.formatMessage(messages.loading)} lines={4} />}
      {error && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(messages.loadFailed)}
        </p>
      )}
      {consumptions?.length === 0 && page === 0 && (
        <EmptyState title={intl.formatMessage(messages.none)} hint={intl.formatMessage(messages.noneHint)}>
          <Link className="button" to={withPageToken(offer, search)}>
            {intl.formatMessage(messages.noneAction)}
          </Link>
        </EmptyState>
      )}
      {consumptions && consumptions.length > 0 && (
        <ul className="account-cards consumption-days">
          {consumptions.map((consumption) => (
            <li key={consumption.id}>
              <ConsumptionDay
                consumption={consumption}
                keycard={keycardName(consumption.keycardId)}
                orderPath={orderPath}
              />
            </li>
          ))}
        </ul>
      )}
      {(page > 0 || consumptions?.length === CONSUMPTIONS_PER_PAGE) && (
        <nav aria-label={intl.formatMessage(messages.paging)} className="paging">
          {page > 0 && (
            <button type="button" className="secondary" onClick={() => show(page - 1)}>
              {intl.formatMessage(messages.previous)}
            </button>
          )}
          {consumptions?.length === CONSUMPTIONS_PER_PAGE && (
            <button type="button" className="secondary" onClick={() => show(page + 1)}>
              {intl.formatMessage(messages.next)}
            </button>
          )}
        </nav>
      )}
    </section>
  );
}

/** /:locale/profile/consumptions — pay per use: this season per keycard and day, then every day of use with its readings and bill. */
function Consumptions() {
  const intl = useIntl();
  const { locale } = useParams();
  const language: Language = isLanguage(locale) ? locale : 'de';
  return (
    <SimplePage
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.description)}
    >
      <AccountLinks />
      <SeasonUsage />
      <ConsumptionDays language={language} />
    </SimplePage>
  );
}

export default function ConsumptionsPage() {
  return (
    <RequireSession>
      <Consumptions />
    </RequireSession>
  );
}
