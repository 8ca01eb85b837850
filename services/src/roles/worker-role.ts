import { runWorker, type ActivityDependencies, type RunningWorker } from '@alpenpass/workflows';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { ensureKeycardRevalidationSchedule } from '../keycard';
import { ensureBillingSchedule } from '../consumption';

export async function startWorker(options: {
  config: AppConfig;
  log: Logger;
  activities: ActivityDependencies;
}): Promise<RunningWorker> {
  const { temporal } = options.config;
  const worker = await runWorker({
    address: temporal.address,
    namespace: temporal.namespace,
    taskQueue: temporal.taskQueue,
    activities: options.activities,
    logger: options.log.child({ role: 'worker' }),
  });
  await ensureKeycardRevalidationSchedule(options.config, options.log);
  await ensureBillingSchedule(options.config, options.log);
  return worker;
}
