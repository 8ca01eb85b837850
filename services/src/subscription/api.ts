import { keycardSubscriptionStatusDto, subscriptionDto, subscriptionIdParams, subscriptionListQuery, subscriptionStatusQuery } from '@alpenpass/contracts';
import { z } from 'zod';
import { forbidden } from '../platform/domain-error';
import { ApiRouter } from '../platform/http/api-router';
import { Problem } from '../platform/http/problem';
import type { RequestContext } from '../platform/http/request-context';
import type { SubscriptionCaller, SubscriptionService } from './subscription-service';

const caller = (ctx: RequestContext): SubscriptionCaller => ({ principal: ctx.principal, correlationId: ctx.correlationId });

/** Customers (their own) and staff (all) use the same routes; integrators only ask about keycards. */
function requireSignedIn(ctx: RequestContext): SubscriptionCaller {
  if (!ctx.principal) throw Problem.unauthorized();
  if (!ctx.principal.roles.some((role) => role === 'customer' || role === 'admin')) throw forbidden('FORBIDDEN', 'Subscriptions are read by their customers and by staff.');
  return caller(ctx);
}

/** §7 subscriptions: a customer's own (staff: all), the keycard status a gate asks for, and the
 * renewal switch (cancel, activate). */
export function subscriptionsRouter(service: SubscriptionService): ApiRouter {
  return new ApiRouter('Subscriptions', '/subscriptions')
    .route({ method: 'get', path: '/', summary: 'Subscriptions, filtered by status', access: 'public', query: subscriptionListQuery, response: z.array(subscriptionDto) }, ({ query, ctx }) =>
      service.list(requireSignedIn(ctx), query),
    )
    .route(
      { method: 'get', path: '/status', summary: 'The subscription status of a keycard (gates and kiosks: integrator role)', access: 'public', query: subscriptionStatusQuery, response: keycardSubscriptionStatusDto },
      ({ query, ctx }) => service.statusOfKeycard(caller(ctx), query.keycardId),
    )
    .route({ method: 'get', path: '/:subscriptionId', summary: 'Read a subscription', access: 'public', params: subscriptionIdParams, response: subscriptionDto }, ({ params, ctx }) =>
      service.get(requireSignedIn(ctx), params.subscriptionId),
    )
    .route({ method: 'patch', path: '/:subscriptionId/cancel', summary: 'Stop the renewal: valid until it expires', access: 'public', params: subscriptionIdParams, response: subscriptionDto }, ({ params, ctx }) =>
      service.cancel(requireSignedIn(ctx), params.subscriptionId),
    )
    .route({ method: 'patch', path: '/:subscriptionId/activate', summary: 'Switch the renewal on again', access: 'public', params: subscriptionIdParams, response: subscriptionDto }, ({ params, ctx }) =>
      service.activate(requireSignedIn(ctx), params.subscriptionId),
    );
}
