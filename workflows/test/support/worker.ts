import { ApplicationFailure } from '@temporalio/common';
import { runWorker, type RunningWorker, type WorkerSettings } from '../../src/worker';
import type { ActivityDependencies } from '../../src/activities';

/**
 * The activity dependencies of a test that exercises some workflows only: the ones it names are the
 * test's, every other one fails its call at once (not retried) saying it was not wired: a workflow that
 * reaches one sees a failed activity, as it would see any that fails for good.
 */
export function withUnwiredActivities(given: Partial<ActivityDependencies>): ActivityDependencies {
  return new Proxy(given, {
    get: (target, name: string) =>
      target[name as keyof ActivityDependencies] ??
      (() => {
        throw ApplicationFailure.nonRetryable(
          `The activity dependency ${name} is not wired in this test`,
          'NotWiredInTest',
        );
      }),
  }) as ActivityDependencies;
}

/** A worker over the activities a test names (withUnwiredActivities). */
export function runTestWorker(
  settings: Omit<WorkerSettings, 'activities'> & { activities: Partial<ActivityDependencies> },
): Promise<RunningWorker> {
  return runWorker({ ...settings, activities: withUnwiredActivities(settings.activities) });
}
