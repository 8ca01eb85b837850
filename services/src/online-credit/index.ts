import type { ContextDeps, ContextModule } from '../platform/context-module';
import { onlineCreditAdminRouter, onlineCreditRouter } from './api';
import { createOnlineCreditService, type OnlineCreditPort } from './online-credit-service';
import { creditBackReactor } from './credit-back-reactor';

export { createOnlineCreditService, type OnlineCreditPort } from './online-credit-service';

/** Online credit (docs/discounts.md): a ledger per account; `onlineCredit` is the port refunds and
 * payments call to credit and debit it. */
export function onlineCreditContext(deps: ContextDeps): ContextModule & { onlineCredit: OnlineCreditPort } {
  const onlineCredit = createOnlineCreditService({ store: deps.store });
  return {
    name: 'online-credit',
    routers: [onlineCreditRouter(onlineCredit), onlineCreditAdminRouter(onlineCredit)],
    reactors: [creditBackReactor({ store: deps.store, onlineCredit })],
    onlineCredit,
  };
}
