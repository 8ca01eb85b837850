import { buildOpenApiDocument } from '../platform/http/openapi';
import { bookingJourneyRouter } from './api';
import type { JourneyService } from './journey-service';

describe('booking journey in the OpenAPI document', () => {
  it('describes every journey endpoint from the contracts (no recursive schema)', () => {
    const document = buildOpenApiDocument([bookingJourneyRouter({} as JourneyService)]) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const journey = '/api/booking/products/{productId}/journey';
    expect(
      Object.fromEntries(
        Object.entries(document.paths).map(([path, methods]) => [path, Object.keys(methods)]),
      ),
    ).toEqual({
      [`${journey}/unified-view/form`]: ['get'],
      [`${journey}/unified-view/items`]: ['post', 'patch'],
      [`${journey}/unified-view/items/legacy`]: ['post'],
      '/api/booking/products/{productId}/inline-form': ['get'],
      [`${journey}/validities`]: ['get'],
      [`${journey}/options/{formElementId}`]: ['post'],
    });
  });
});
