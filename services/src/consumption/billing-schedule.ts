import { CONSUMPTION_BILLING_SCHEDULE_ID, ensureConsumptionBillingSchedule } from '@alpenpass/workflows';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { lazyTemporalClient } from '../platform/temporal-client';

/** Run by the worker role at start: the daily billing schedule exists (its id names the task queue, so
 * shops sharing a Temporal namespace keep their own). A Temporal hiccup here is logged, not fatal. */
export async function ensureBillingSchedule(config: AppConfig, log: Logger): Promise<void> {
  const temporal = lazyTemporalClient(config.temporal);
  try {
    const outcome = await ensureConsumptionBillingSchedule(await temporal.client(), {
      taskQueue: config.temporal.taskQueue,
      scheduleId: `${CONSUMPTION_BILLING_SCHEDULE_ID}-${config.temporal.taskQueue}`,
    });
    log.info({ outcome }, 'consumption billing schedule');
  } catch (error) {
    log.warn({ err: error }, 'consumption billing schedule not created');
  } finally {
    await temporal.close();
  }
}
