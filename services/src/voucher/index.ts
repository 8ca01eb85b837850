import type { ContextDeps, ContextModule } from '../platform/context-module';
import { postgresRateLimiter } from '../platform/rate-limit';
import { voucherAdminRouter, voucherRouter } from './api';
import { createVoucherService, type VoucherPort } from './voucher-service';
import { voucherReleaseReactor } from './voucher-release-reactor';

export { createVoucherService, type VoucherPort, type VoucherService } from './voucher-service';

/** Gift vouchers (docs/discounts.md): staff issue them; `vouchers` is the port payments call. */
export function voucherContext(deps: ContextDeps): ContextModule & { vouchers: VoucherPort } {
  const service = createVoucherService({ store: deps.store });
  const attempts = postgresRateLimiter(deps.knex, {
    limit: deps.config.promoCodeAttemptsPerMinute,
    windowMs: 60_000,
  });
  return {
    name: 'voucher',
    routers: [voucherRouter(service, attempts), voucherAdminRouter(service)],
    reactors: [voucherReleaseReactor({ store: deps.store, vouchers: service.port })],
    vouchers: service.port,
  };
}
