import {
  bookingForm,
  bookingProductParams,
  formOptionsBody,
  formOptionsParams,
  formOptionsQuery,
  formOptionsResponse,
  inlineFormQuery,
  itemsBody,
  itemsPatchBody,
  legacyItemsBody,
  unifiedFormQuery,
  validitiesQuery,
  validitiesResponse,
} from '@alpenpass/contracts';
import { ApiRouter } from '../platform/http/api-router';
import type { JourneyService, RequestScope } from './journey-service';

const journey = '/products/:productId/journey';

/** §7 Booking journey: the server-driven booking form (docs/booking-journey.md). */
export function bookingJourneyRouter(service: JourneyService): ApiRouter {
  const scope = (productId: number, language: RequestScope['language']): RequestScope => ({
    productId,
    language,
  });
  return new ApiRouter('Booking journey', '/booking')
    .route(
      {
        method: 'get',
        operationId: 'getJourneyForm',
        path: `${journey}/unified-view/form`,
        summary: 'The booking form for the current choices',
        access: 'public',
        params: bookingProductParams,
        query: unifiedFormQuery,
        response: bookingForm,
      },
      ({ params, query, ctx }) => service.form(scope(params.productId, ctx.language), query.formState),
    )
    .route(
      {
        method: 'post',
        operationId: 'getJourneyFormForItems',
        path: `${journey}/unified-view/items`,
        summary: 'The booking form for existing cart items',
        access: 'public',
        params: bookingProductParams,
        body: itemsBody,
        response: bookingForm,
      },
      ({ params, body, ctx }) => service.formFromItems(scope(params.productId, ctx.language), body.items),
    )
    .route(
      {
        method: 'patch',
        operationId: 'updateJourneyItems',
        path: `${journey}/unified-view/items`,
        summary: 'Change choices of cart items ({id, value} mutations) and answer the new form and items',
        access: 'public',
        params: bookingProductParams,
        body: itemsPatchBody,
        response: bookingForm,
      },
      ({ params, body, ctx }) =>
        service.formFromItems(scope(params.productId, ctx.language), body.items, body.mutations),
    )
    .route(
      {
        method: 'post',
        operationId: 'getJourneyFormForLegacyEntries',
        path: `${journey}/unified-view/items/legacy`,
        summary: 'The booking form for legacy basket entries (productDefinitionId, quantity, children)',
        access: 'public',
        params: bookingProductParams,
        body: legacyItemsBody,
        response: bookingForm,
      },
      ({ params, body, ctx }) => service.formFromLegacy(scope(params.productId, ctx.language), body.items),
    )
    .route(
      {
        method: 'get',
        operationId: 'getInlineBookingForm',
        path: '/products/:productId/inline-form',
        summary: 'A compact booking form for embedding (catalogue, basket, checkout)',
        access: 'public',
        params: bookingProductParams,
        query: inlineFormQuery,
      },
      ({ params, query, ctx }) =>
        service.inlineForm(scope(params.productId, ctx.language), query.formState, query.context),
    )
    .route(
      {
        method: 'get',
        operationId: 'listJourneyValidities',
        path: `${journey}/validities`,
        summary: 'Each day of a range with availability, price and price level',
        access: 'public',
        params: bookingProductParams,
        query: validitiesQuery,
        response: validitiesResponse,
      },
      async ({ params, query, ctx }) => ({
        productId: params.productId,
        from: query.from,
        to: query.to,
        days: await service.validities(
          scope(params.productId, ctx.language),
          query.formState,
          query.from,
          query.to,
        ),
      }),
    )
    .route(
      {
        method: 'post',
        operationId: 'listJourneyOptions',
        path: `${journey}/options/:formElementId`,
        summary: "A page of one form element's options, for a form state or for cart items",
        access: 'public',
        params: formOptionsParams,
        query: formOptionsQuery,
        body: formOptionsBody,
        response: formOptionsResponse,
      },
      ({ params, query, body, ctx }) =>
        service.options(scope(params.productId, ctx.language), params.formElementId, body, query),
    );
}
