import type { ContextFactory } from '../platform/context-module';
import { bookingJourneyRouter } from './api';
import { createJourneyService } from './journey-service';

/** The booking journey: a server-driven form over the catalogue, capacity and pricing read models.
 * It owns no events and no read model of its own. */
export const bookingContext: ContextFactory = (deps) => ({
  name: 'booking',
  routers: [bookingJourneyRouter(createJourneyService(deps.knex))],
});

export { bookingJourneyRouter } from './api';
export { createJourneyService, type JourneyService } from './journey-service';
