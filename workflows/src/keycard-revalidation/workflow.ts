import { proxyActivities } from '@temporalio/workflow';
import type { createKeycardRevalidationActivities } from './activities';

const { revalidateKeycards } = proxyActivities<ReturnType<typeof createKeycardRevalidationActivities>>({
  startToCloseTimeout: '30 minutes',
  retry: { maximumAttempts: 5, initialInterval: '1 minute' },
});

/** One night's revalidation of the stored keycards (started by the keycard-revalidation schedule). */
export async function keycardRevalidationWorkflow(
  input: { day?: string } = {},
): Promise<{ expired: number }> {
  const expired = await revalidateKeycards(input.day);
  return { expired };
}
