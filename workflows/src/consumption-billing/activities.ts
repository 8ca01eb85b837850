export interface ConsumptionBillingDependencies {
  /** the day a run bills through (default: yesterday in the resort) and the accounts it visits */
  listAccountsToBill: (throughDay?: string) => Promise<{ throughDay: string; accountIds: string[] }>;
  /** bills one account's charged days through `throughDay` (idempotent: a day is billed once); answers the orders */
  billConsumptionAccount: (input: { accountId: string; throughDay: string }) => Promise<number[]>;
}

/** The consumption context injects its billing; the activities only delegate. */
export function createConsumptionBillingActivities(dependencies: ConsumptionBillingDependencies) {
  return {
    listAccountsToBill: (throughDay?: string) => dependencies.listAccountsToBill(throughDay),
    billConsumptionAccount: (input: { accountId: string; throughDay: string }) =>
      dependencies.billConsumptionAccount(input),
  };
}
