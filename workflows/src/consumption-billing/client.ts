import { taskQueues } from '@alpenpass/contracts';
import type { Client } from '@temporalio/client';
import { scheduleExists } from '../schedule-exists';
import { consumptionBillingWorkflow } from './workflow';

export const CONSUMPTION_BILLING_SCHEDULE_ID = 'consumption-billing';

/** The daily billing schedule (04:00 Europe/Zurich, after the resorts' day ended; overlap SKIP): created
 * once, kept afterwards. Safe to call on every start of a worker. */
export async function ensureConsumptionBillingSchedule(
  client: Client,
  options: { taskQueue?: string; scheduleId?: string; hour?: number; minute?: number } = {},
): Promise<'created' | 'kept'> {
  const scheduleId = options.scheduleId ?? CONSUMPTION_BILLING_SCHEDULE_ID;
  const handle = client.schedule.getHandle(scheduleId);
  const exists = await scheduleExists(handle);
  if (exists) return 'kept';
  await client.schedule.create({
    scheduleId,
    spec: {
      calendars: [{ hour: options.hour ?? 4, minute: options.minute ?? 0 }],
      timezone: 'Europe/Zurich',
    },
    action: {
      type: 'startWorkflow',
      workflowType: consumptionBillingWorkflow,
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [{}],
      workflowId: `${scheduleId}-run`,
    },
    policies: { overlap: 'SKIP' },
  });
  return 'created';
}
