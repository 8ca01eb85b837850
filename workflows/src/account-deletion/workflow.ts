import { proxyActivities, sleep } from '@temporalio/workflow';
import type { AccountDeletionActivities } from './activities';

export interface AccountDeletionInput {
  accountId: string;
  deleteAfter: string;
}

export const accountDeletionWorkflowId = (accountId: string) => `account-deletion-${accountId}`;

const activities = proxyActivities<AccountDeletionActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/**
 * One per account deletion (docs/account.md, "Deletion"): waits out the grace period, then asks the
 * account context to erase. The account decides: an aborted deletion ends the workflow, a deletion
 * asked again later (a new deleteAfter) makes it wait again.
 */
export async function accountDeletionWorkflow(input: AccountDeletionInput): Promise<'erased' | 'aborted'> {
  let deleteAfter = input.deleteAfter;
  for (let round = 0; round < 100; round += 1) {
    const remaining = Date.parse(deleteAfter) - Date.now();
    if (remaining > 0) await sleep(remaining);
    const outcome = await activities.eraseAccount(input.accountId);
    if (outcome.status !== 'pending') return outcome.status;
    deleteAfter = outcome.deleteAfter ?? new Date(Date.now() + 60_000).toISOString();
  }
  return 'aborted';
}
