import { proxyActivities } from '@temporalio/workflow';
import type { createConsumptionBillingActivities } from './activities';

const { listAccountsToBill, billConsumptionAccount } = proxyActivities<
  ReturnType<typeof createConsumptionBillingActivities>
>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 5, initialInterval: '30 seconds', backoffCoefficient: 2 },
});

export interface ConsumptionBillingRun {
  throughDay: string;
  orders: number[];
  /** accounts whose billing kept failing in this run (the next run tries them again) */
  failedAccounts: string[];
}

/** One run of the daily pay-per-use billing (schedule consumption-billing): every account with charged,
 * unbilled days, each in an activity of its own so that one account's trouble holds up no other. */
export async function consumptionBillingWorkflow(
  input: { throughDay?: string } = {},
): Promise<ConsumptionBillingRun> {
  const { throughDay, accountIds } = await listAccountsToBill(input.throughDay);
  const orders: number[] = [];
  const failedAccounts: string[] = [];
  for (const accountId of accountIds) {
    try {
      orders.push(...(await billConsumptionAccount({ accountId, throughDay })));
    } catch {
      failedAccounts.push(accountId);
    }
  }
  return { throughDay, orders, failedAccounts };
}
