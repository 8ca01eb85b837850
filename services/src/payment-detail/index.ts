import type { ContextDeps, ContextModule } from '../platform/context-module';
import { createPaymentProviderClient, paymentProviderOf } from '../payment-provider';
import { providerCardRegistrations } from './provider-card-registrations';
import { paymentDetailsRouter } from './api';
import { unwiredCardRegistrations } from './card-registrations';
import { createPaymentDetailService, type PaymentDetailService } from './payment-detail-service';
import { createVoucherService } from '../voucher';

export type { PaymentDetailService } from './payment-detail-service';

/** Saved payment details (docs/payment-details.md): cards kept as the provider's alias. */
export function paymentDetailContext(deps: ContextDeps): ContextModule & { service: PaymentDetailService } {
  const service = paymentDetailService(deps);
  return { name: 'payment-detail', routers: [paymentDetailsRouter(service)], service };
}

export function paymentDetailService(deps: ContextDeps): PaymentDetailService {
  const provider = paymentProviderOf(deps.config);
  const registrations = provider
    ? providerCardRegistrations({
        client: createPaymentProviderClient(provider),
        webhookUrl: provider.webhookUrl,
      })
    : unwiredCardRegistrations;
  return createPaymentDetailService({
    store: deps.store,
    knex: deps.knex,
    registrations,
    vouchers: createVoucherService({ store: deps.store }).port,
  });
}
