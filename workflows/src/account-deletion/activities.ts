import { ApplicationFailure } from '@temporalio/common';

export interface AccountErasureOutcome {
  status: 'erased' | 'aborted' | 'pending';
  deleteAfter?: string | null;
}

/** What the account context lends the deletion workflow; idempotent. */
export interface AccountDeletionDependencies {
  eraseAccount: (accountId: string) => Promise<AccountErasureOutcome>;
}

export type AccountDeletionActivities = ReturnType<typeof createAccountDeletionActivities>;

export function createAccountDeletionActivities(dependencies: Partial<AccountDeletionDependencies>) {
  return {
    eraseAccount: (accountId: string) => {
      if (!dependencies.eraseAccount) throw ApplicationFailure.nonRetryable('The worker was started without eraseAccount', 'MissingDependency');
      return dependencies.eraseAccount(accountId);
    },
  };
}
