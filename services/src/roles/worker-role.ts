import { runWorker, type ActivityDependencies, type RunningWorker } from '@alpenpass/workflows';
import type { ContextModule } from '../context-module';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { ensureKeycardRevalidationSchedule } from '../keycard/revalidation-schedule';
import { ensureBillingSchedule } from '../consumption/billing-schedule';

const requiredDependencies: (keyof ActivityDependencies)[] = [
  'releaseBasketHolds',
  'expireBasketHoldsIfDue',
  'listPricedDefinitionIds',
  'generatePriceBatch',
  'cancelUnpaidOrder',
  'readOrderStatus',
  'bookOrderPlaces',
  'fulfilOrder',
  'cancelOpenCardPayment',
  'executeRefund',
  'recordRefundFailure',
  'releaseCancelledPlaces',
  'settleLatePayment',
];

/** The worker's activities call the contexts' command handlers; every dependency must be lent by a context. */
export function collectActivityDependencies(contexts: ContextModule[]): ActivityDependencies {
  const merged = Object.assign({}, ...contexts.map((context) => context.activityDependencies ?? {})) as Partial<ActivityDependencies>;
  const missing = requiredDependencies.filter((name) => typeof merged[name] !== 'function');
  if (missing.length) throw new Error(`No context provides the activity dependencies: ${missing.join(', ')}`);
  return merged as ActivityDependencies;
}

export async function startWorker(options: { config: AppConfig; log: Logger; contexts: ContextModule[] }): Promise<RunningWorker> {
  const { temporal } = options.config;
  const worker = await runWorker({
    address: temporal.address,
    namespace: temporal.namespace,
    taskQueue: temporal.taskQueue,
    activities: collectActivityDependencies(options.contexts),
    logger: options.log.child({ role: 'worker' }),
  });
  await ensureKeycardRevalidationSchedule(options.config, options.log);
  await ensureBillingSchedule(options.config, options.log);
  return worker;
}
