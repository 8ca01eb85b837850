import { transactionStatusResponse } from '@alpenpass/contracts';
import { z } from 'zod';
import { type ProviderSignatureOptions, requireProviderSignature } from '../../payment-provider';
import { ApiRouter } from '../../platform/http/api-router';
import { orderIdOfRefno } from '../order-ids';
import type { CardPaymentReconciler } from './card-payment-reconciler';

const notificationAnswer = z.object({ received: z.boolean() });

/**
 * The provider's server-to-server notification: POST /api/payment-provider/notifications (an external
 * router: no shop headers; the Datatrans-Signature is the authentication, 401 INVALID_SIGNATURE
 * otherwise). The body is only a hint naming the order (refno): the reconciler reads the transaction's
 * status from the provider and acts on that, so duplicates and reordering settle at most once.
 */
export function providerNotificationRouter(deps: {
  signature: ProviderSignatureOptions;
  reconcile: CardPaymentReconciler;
}): ApiRouter {
  const router = new ApiRouter('Payment provider notifications', '/payment-provider');
  // only the notification itself is signed: any other method or path answers as an unknown route
  router.express.post('/notifications', requireProviderSignature(deps.signature));
  return router.route(
    {
      method: 'post',
      operationId: 'receivePaymentProviderNotification',
      path: '/notifications',
      summary: "The card payment provider's signed notification (a hint: the shop reads the status)",
      access: 'public',
      body: transactionStatusResponse,
      response: notificationAnswer,
    },
    async ({ body, ctx }) => {
      const orderId = orderIdOfRefno(body.refno);
      if (orderId === null) return { received: false };
      ctx.log.info(
        { orderId, transactionId: body.transactionId, status: body.status },
        'payment provider notification',
      );
      await deps.reconcile(orderId);
      return { received: true };
    },
  );
}
