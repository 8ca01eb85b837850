import type { ContextDeps } from '../../src/platform/context-module';
import { orderPortsOf } from '../../src/contexts';
import { orderContext, type OrderOptions, type OrderPorts } from '../../src/order';

/** The order area as the shop wires it (contexts.ts), with the ports and options a test replaces. */
export function testOrderContext(deps: ContextDeps, replaced: Partial<OrderPorts> & OrderOptions = {}) {
  const {
    basket,
    accounts,
    paymentDetails,
    discounts,
    vouchers,
    onlineCredit,
    tickets,
    mails,
    admission,
    ...options
  } = replaced;
  const given = Object.fromEntries(
    Object.entries({
      basket,
      accounts,
      paymentDetails,
      discounts,
      vouchers,
      onlineCredit,
      tickets,
      mails,
      admission,
    }).filter(([, port]) => port !== undefined),
  );
  return orderContext(deps, { ...orderPortsOf(deps), ...given }, options);
}
