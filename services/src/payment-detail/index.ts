import type { ContextDeps, ContextModule } from '../context-module';
import { createPaymentProviderClient } from '../payment/provider/provider-client';
import { providerCardRegistrations } from '../payment/provider/provider-card-registrations';
import { paymentDetailsRouter } from './api';
import { unwiredCardRegistrations } from './card-registrations';
import { createPaymentDetailService, type PaymentDetailService } from './payment-detail-service';
import { createVoucherService } from '../voucher/voucher-service';

export type { PaymentDetailService } from './payment-detail-service';

/** Saved payment details (docs/payment-details.md): cards kept as the provider's alias. */
export function paymentDetailContext(deps: ContextDeps): ContextModule & { service: PaymentDetailService } {
  const service = paymentDetailService(deps);
  return { name: 'payment-detail', routers: [paymentDetailsRouter(service)], service };
}

export function paymentDetailService(deps: ContextDeps): PaymentDetailService {
  const provider = deps.config.paymentProvider;
  const registrations = provider ? providerCardRegistrations({ client: createPaymentProviderClient(provider), webhookUrl: provider.webhookUrl }) : unwiredCardRegistrations;
  return createPaymentDetailService({ store: deps.store, knex: deps.knex, registrations, vouchers: createVoucherService({ store: deps.store }).port });
}
