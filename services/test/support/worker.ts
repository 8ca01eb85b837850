import type { ActivityDependencies, RunningWorker } from '@alpenpass/workflows';
import { withUnwiredActivities } from '@alpenpass/workflows/test/support/worker';
import type { AppConfig } from '../../src/platform/config';
import type { Logger } from '../../src/platform/logger';
import { startWorker } from '../../src/roles/worker-role';

/** The worker role over the activities the contexts a test builds lend; any other activity fails saying so. */
export function startTestWorker(options: {
  config: AppConfig;
  log: Logger;
  lenders: { activityDependencies: Partial<ActivityDependencies> }[];
}): Promise<RunningWorker> {
  const given: Partial<ActivityDependencies> = Object.assign(
    {},
    ...options.lenders.map((lender) => lender.activityDependencies),
  );
  return startWorker({ config: options.config, log: options.log, activities: withUnwiredActivities(given) });
}
