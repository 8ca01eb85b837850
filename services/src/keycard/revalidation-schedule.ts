import { readFeatureFlag } from '@alpenpass/contracts';
import { KEYCARD_REVALIDATION_SCHEDULE_ID, syncKeycardRevalidationSchedule } from '@alpenpass/workflows';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';

/** Run by the worker role at start: the nightly schedule exists exactly while enableKeycardRevalidation is on.
 * Its id names the task queue, so shops sharing a Temporal namespace keep their own schedules.
 * A Temporal hiccup here is logged, not fatal: the worker serves every other workflow meanwhile. */
export async function ensureKeycardRevalidationSchedule(config: AppConfig, log: Logger): Promise<void> {
  const temporal = lazyTemporalClient(config.temporal);
  try {
    const enabled = readFeatureFlag(config.featureFlags, 'enableKeycardRevalidation');
    const outcome = await syncKeycardRevalidationSchedule(await temporal.client(), {
      enabled,
      taskQueue: config.temporal.taskQueue,
      scheduleId: `${KEYCARD_REVALIDATION_SCHEDULE_ID}-${config.temporal.taskQueue}`,
    });
    log.info({ outcome, enabled }, 'keycard revalidation schedule');
  } catch (error) {
    log.warn({ err: error }, 'keycard revalidation schedule not synchronised');
  } finally {
    await temporal.close();
  }
}
