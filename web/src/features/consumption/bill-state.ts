import type { ConsumptionStatus } from '@alpenpass/contracts/src/consumption';

/**
 * What a day of use means to the customer (docs/consumptions.md statuses): not billed at all (no pay per
 * use on that card that day), open (charged, waiting for the daily bill), billed (its CONSUMPTION order
 * placed, not paid yet), paid, or failed (the bill was cancelled unpaid; staff decide).
 */
export type BillState = 'notBilled' | 'open' | 'billed' | 'paid' | 'failed';

const stateOfStatus: Record<ConsumptionStatus, BillState> = {
  NOT_BILLABLE: 'notBilled',
  UNBILLED: 'open',
  BILLING: 'billed',
  BILLED: 'paid',
  FAILED: 'failed',
};

export const billStateOf = (status: ConsumptionStatus): BillState => stateOfStatus[status];

/** A bill whose merchant-initiated charge was declined: the order waits for the customer to pay it. */
export const paymentDeclined = (consumption: {
  status: ConsumptionStatus;
  order?: { paymentStatus: string | null } | null;
}): boolean => consumption.status === 'BILLING' && consumption.order?.paymentStatus === 'FAILED';
