import {
  paymentDetailDto,
  paymentDetailParams,
  paymentDetailRegistrationDto,
  registerPaymentDetailBody,
  savePaymentDetailBody,
  saveVoucherPaymentDetailBody,
  voucherPaymentDetailDto,
} from '@alpenpass/contracts';
import { z } from 'zod';
import { ApiRouter } from '../platform/http/api-router';
import type { RequestContext } from '../platform/http/request-context';
import type { PaymentDetailCaller, PaymentDetailService } from './payment-detail-service';

const caller = (ctx: RequestContext): PaymentDetailCaller => ({
  principal: ctx.principal,
  correlationId: ctx.correlationId,
});

/** §7 Payments: the signed-in customer's saved payment details. */
export function paymentDetailsRouter(service: PaymentDetailService): ApiRouter {
  return new ApiRouter('Payment details', '/payments/payment-details')
    .route(
      {
        method: 'get',
        operationId: 'listPaymentDetails',
        path: '',
        summary: 'The saved payment details',
        access: 'customer',
        response: z.array(paymentDetailDto),
      },
      ({ ctx }) => service.list(caller(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'listBlockedPaymentDetails',
        path: '/blocked',
        summary: 'Saved payment details blocked after a declined charge',
        access: 'customer',
        response: z.array(paymentDetailDto),
      },
      ({ ctx }) => service.list(caller(ctx), 'blocked'),
    )
    .route(
      {
        method: 'get',
        operationId: 'listVoucherPaymentDetails',
        path: '/vouchers',
        summary: 'The vouchers kept in the account, with what is left on each',
        access: 'customer',
        response: z.array(voucherPaymentDetailDto),
      },
      ({ ctx }) => service.listVouchers(caller(ctx)),
    )
    .route(
      {
        method: 'post',
        operationId: 'keepVoucherPaymentDetail',
        path: '/vouchers',
        summary:
          'Keep a gift or compensation voucher in the account (baskets and payments name it by its id)',
        access: 'customer',
        body: saveVoucherPaymentDetailBody,
        response: voucherPaymentDetailDto,
        status: 201,
      },
      ({ body, ctx }) => service.saveVoucher(caller(ctx), body.voucherCode),
    )
    .route(
      {
        method: 'get',
        operationId: 'getDefaultPaymentDetail',
        path: '/current',
        summary: 'The default payment detail',
        access: 'customer',
        response: paymentDetailDto,
      },
      ({ ctx }) => service.current(caller(ctx)),
    )
    .route(
      {
        method: 'post',
        operationId: 'startPaymentDetailRegistration',
        path: '/register',
        summary: "Start saving a card on the provider's page (nothing is charged)",
        access: 'customer',
        body: registerPaymentDetailBody,
        response: paymentDetailRegistrationDto,
        status: 201,
      },
      ({ body, ctx }) => service.register(caller(ctx), body),
    )
    .route(
      {
        method: 'post',
        operationId: 'savePaymentDetail',
        path: '',
        summary: 'Save the card of a completed registration',
        access: 'customer',
        body: savePaymentDetailBody,
        response: paymentDetailDto,
        status: 201,
      },
      ({ body, ctx }) => service.completeRegistration(caller(ctx), body.transactionId),
    )
    .route(
      {
        method: 'patch',
        operationId: 'setDefaultPaymentDetail',
        path: '/:paymentDetailId/default',
        summary: 'Make a payment detail the default',
        access: 'customer',
        params: paymentDetailParams,
        response: paymentDetailDto,
      },
      ({ params, ctx }) => service.chooseDefault(caller(ctx), params.paymentDetailId),
    )
    .route(
      {
        method: 'delete',
        operationId: 'deletePaymentDetail',
        path: '/:paymentDetailId',
        summary: 'Delete a saved payment detail',
        access: 'customer',
        params: paymentDetailParams,
      },
      ({ params, ctx }) => service.remove(caller(ctx), params.paymentDetailId),
    );
}
