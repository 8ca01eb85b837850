import {
  keycardSubscriptionStatusDto,
  subscriptionDto,
  subscriptionIdParams,
  subscriptionListQuery,
  subscriptionStatusQuery,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { SubscriptionCaller, SubscriptionService } from './subscription-service';

const caller = (ctx: RequestContext): SubscriptionCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
});

/** §7 subscriptions: a customer's own, and the renewal switch (cancel, activate); the keycard status a
 * gate or kiosk asks for (integrators, and staff). */
export function subscriptionsRouter(service: SubscriptionService): ApiRouter {
  return new ApiRouter('Subscriptions', '/subscriptions')
    .route(
      {
        method: 'get',
        operationId: 'listSubscriptions',
        path: '/',
        summary: 'My subscriptions, filtered by status',
        access: 'customer',
        query: subscriptionListQuery,
        response: z.array(subscriptionDto),
      },
      ({ query, ctx }) => service.list(caller(ctx), query),
    )
    .route(
      {
        method: 'get',
        operationId: 'getKeycardSubscriptionStatus',
        path: '/status',
        summary: 'The subscription status of a keycard (gates and kiosks)',
        access: 'integrator',
        query: subscriptionStatusQuery,
        response: keycardSubscriptionStatusDto,
      },
      ({ query }) => service.statusOfKeycard(query.keycardId),
    )
    .route(
      {
        method: 'get',
        operationId: 'getSubscription',
        path: '/:subscriptionId',
        summary: 'Read my subscription',
        access: 'customer',
        params: subscriptionIdParams,
        response: subscriptionDto,
      },
      ({ params, ctx }) => service.get(caller(ctx), params.subscriptionId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'cancelSubscription',
        path: '/:subscriptionId/cancel',
        summary: 'Stop the renewal: valid until it expires',
        access: 'customer',
        params: subscriptionIdParams,
        response: subscriptionDto,
      },
      ({ params, ctx }) => service.cancel(caller(ctx), params.subscriptionId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'activateSubscription',
        path: '/:subscriptionId/activate',
        summary: 'Switch the renewal on again',
        access: 'customer',
        params: subscriptionIdParams,
        response: subscriptionDto,
      },
      ({ params, ctx }) => service.activate(caller(ctx), params.subscriptionId),
    );
}

/** Staff: every subscription (§5: limit default 20), and the same renewal switch. */
export function subscriptionsAdminRouter(service: SubscriptionService): ApiRouter {
  return new ApiRouter('Subscriptions (staff)', '/admin/subscriptions')
    .route(
      {
        method: 'get',
        operationId: 'adminListSubscriptions',
        path: '',
        summary: 'All subscriptions, filtered by status',
        access: 'admin',
        query: subscriptionListQuery,
        response: z.array(subscriptionDto),
      },
      ({ query, ctx }) => service.list(caller(ctx), query),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetSubscription',
        path: '/:subscriptionId',
        summary: 'Read a subscription',
        access: 'admin',
        params: subscriptionIdParams,
        response: subscriptionDto,
      },
      ({ params, ctx }) => service.get(caller(ctx), params.subscriptionId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'adminCancelSubscription',
        path: '/:subscriptionId/cancel',
        summary: "Stop a subscription's renewal",
        access: 'admin',
        params: subscriptionIdParams,
        response: subscriptionDto,
      },
      ({ params, ctx }) => service.cancel(caller(ctx), params.subscriptionId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'adminActivateSubscription',
        path: '/:subscriptionId/activate',
        summary: "Switch a subscription's renewal on again",
        access: 'admin',
        params: subscriptionIdParams,
        response: subscriptionDto,
      },
      ({ params, ctx }) => service.activate(caller(ctx), params.subscriptionId),
    );
}
