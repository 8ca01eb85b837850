import { catalogueDocumentsProjection } from '@alpenpass/projections/src/catalogue';
import type { ContextDeps, ContextModule } from '../platform/context-module';
import { clientsRouter } from './clients-api';
import { pagesRouter } from './pages-api';
import { productsRouter } from './products-api';
import { contentWebhookRouter } from './webhook-api';

export { publishDocument, type PublicationOutcome } from './publish-document';
export { validateDocuments, validateExport } from './validate-export';
export {
  startIn,
  todayIn,
  type Unavailability,
  usesSlots,
  type Validity,
  validityModeOf,
  validityUnavailability,
} from './product-validity';
export {
  bookingWindowBreach,
  type SaleCalendar,
  stillOnSale,
  withinOneRange,
  type ZonedValidity,
} from './sale-calendar';

/** The catalogue context: content documents in, products and client texts out (docs/catalogue.md). */
export function catalogueContext(deps: ContextDeps): ContextModule {
  const reads = { knex: deps.knex, channelId: deps.config.channelId };
  return {
    name: 'catalogue',
    routers: [
      productsRouter(reads),
      clientsRouter({ ...reads, featureFlags: deps.config.featureFlags }),
      pagesRouter(reads),
    ],
    externalRouters: [
      contentWebhookRouter({
        store: deps.store,
        secret: deps.config.contentWebhookSecret,
        environment: deps.config.environment,
      }),
    ],
    projections: [catalogueDocumentsProjection],
  };
}
