import { taskQueues } from '@alpenpass/contracts';
import type { Client } from '@temporalio/client';
import { scheduleExists } from '../schedule-exists';
import { keycardRevalidationWorkflow } from './workflow';

export const KEYCARD_REVALIDATION_SCHEDULE_ID = 'keycard-revalidation';

/**
 * Makes the nightly schedule match the enableKeycardRevalidation flag: created (03:15 Europe/Zurich,
 * after the day changed in every resort) when on, deleted when off. Safe to call on every start.
 */
export async function syncKeycardRevalidationSchedule(
  client: Client,
  options: { enabled: boolean; taskQueue?: string; scheduleId?: string },
): Promise<'created' | 'kept' | 'deleted' | 'absent'> {
  const scheduleId = options.scheduleId ?? KEYCARD_REVALIDATION_SCHEDULE_ID;
  const handle = client.schedule.getHandle(scheduleId);
  const exists = await scheduleExists(handle);
  if (!options.enabled) {
    if (!exists) return 'absent';
    await handle.delete();
    return 'deleted';
  }
  if (exists) return 'kept';
  await client.schedule.create({
    scheduleId,
    spec: { calendars: [{ hour: 3, minute: 15 }], timezone: 'Europe/Zurich' },
    action: {
      type: 'startWorkflow',
      workflowType: keycardRevalidationWorkflow,
      taskQueue: options.taskQueue ?? taskQueues.workflows,
      args: [{}],
      workflowId: `${scheduleId}-run`,
    },
    policies: { overlap: 'SKIP' },
  });
  return 'created';
}
