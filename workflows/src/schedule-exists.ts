import { ScheduleNotFoundError, type ScheduleHandle } from '@temporalio/client';

/** Whether a Temporal schedule exists (the shop creates its schedules once, at a worker's start). */
export async function scheduleExists(handle: ScheduleHandle): Promise<boolean> {
  return handle.describe().then(
    () => true,
    (error: unknown) => {
      if (error instanceof ScheduleNotFoundError) return false;
      throw error;
    },
  );
}
