import {
  issueVoucherBody,
  voucherCodeOnlyParams,
  voucherDto,
  voucherValidationDto,
} from '@alpenpass/contracts';
import { ApiRouter } from '../platform/http/api-router';
import { eventMetadataOf } from '../platform/http/request-context';
import type { RateLimiter } from '../platform/rate-limit';
import { admitAttempt } from '../discount';
import type { VoucherService } from './voucher-service';

/** §7 GET /payments/vouchers/{code}/validate: whether a voucher can pay, and how much is left.
 * Counted with the promo-code attempts (brute force: 429). */
export function voucherRouter(vouchers: VoucherService, attempts: RateLimiter): ApiRouter {
  return new ApiRouter('Vouchers', '/payments/vouchers').route(
    {
      method: 'get',
      operationId: 'validateVoucher',
      path: '/:code/validate',
      summary: 'Whether a gift voucher is valid and what is left on it',
      access: 'public',
      params: voucherCodeOnlyParams,
      response: voucherValidationDto,
    },
    async ({ params, ctx }) => {
      await admitAttempt(attempts, ctx);
      return vouchers.check(params.code);
    },
  );
}

/** Staff issue vouchers and look them up. */
export function voucherAdminRouter(vouchers: VoucherService): ApiRouter {
  return new ApiRouter('Vouchers (admin)', '/admin/vouchers')
    .route(
      {
        method: 'post',
        operationId: 'adminIssueVoucher',
        path: '',
        summary: 'Issue a gift voucher (value, expiry, code)',
        access: 'admin',
        body: issueVoucherBody,
        response: voucherDto,
        status: 201,
        idempotent: true,
      },
      ({ body, ctx }) => vouchers.issue(body, eventMetadataOf(ctx)),
    )
    .route(
      {
        method: 'get',
        operationId: 'adminGetVoucher',
        path: '/:code',
        summary: 'A gift voucher with its redemptions',
        access: 'admin',
        params: voucherCodeOnlyParams,
        response: voucherDto,
      },
      ({ params }) => vouchers.get(params.code),
    );
}
