export interface AccountErasureOutcome {
  status: 'erased' | 'aborted' | 'pending';
  deleteAfter?: string | null;
}

/** What the account context lends the deletion workflow; idempotent. */
export interface AccountDeletionDependencies {
  eraseAccount: (accountId: string) => Promise<AccountErasureOutcome>;
}

export type AccountDeletionActivities = ReturnType<typeof createAccountDeletionActivities>;

export function createAccountDeletionActivities(dependencies: AccountDeletionDependencies) {
  return {
    eraseAccount: (accountId: string) => dependencies.eraseAccount(accountId),
  };
}
