import { consumptionErrorCodes, type BillLine, type ConsumptionEvent } from '@alpenpass/contracts';
import { conflict } from '../platform/domain-error';

/** One bill of an account: the lines one CONSUMPTION order charges. */
export interface Bill {
  billId: string;
  lines: BillLine[];
  orderId: number | null;
  outcome: 'PAID' | 'CANCELLED' | null;
  released: boolean;
}

/** The consumption bills of one account (stream consumptionbill-<accountId>), in the order opened. A
 * consumption named by a bill that was not released is billed: no other bill may take it. */
export interface BillingState {
  bills: Bill[];
}

export const billingFolder = {
  initialState: (): BillingState => ({ bills: [] }),
  evolve(state: BillingState, event: ConsumptionEvent): BillingState {
    const change = (billId: string, changed: (bill: Bill) => Bill) => ({
      bills: state.bills.map((bill) => (bill.billId === billId ? changed(bill) : bill)),
    });
    switch (event.type) {
      case 'ConsumptionBillOpened':
        return {
          bills: [
            ...state.bills,
            {
              billId: event.data.billId,
              lines: event.data.lines,
              orderId: null,
              outcome: null,
              released: false,
            },
          ],
        };
      case 'ConsumptionBillOrdered':
        return change(event.data.billId, (bill) => ({ ...bill, orderId: event.data.orderId }));
      case 'ConsumptionBillSettled':
        return change(event.data.billId, (bill) => ({ ...bill, outcome: event.data.outcome }));
      case 'ConsumptionBillReleased':
        return change(event.data.billId, (bill) => ({ ...bill, released: true }));
      default:
        return state;
    }
  },
};

export type BillingCommand =
  /** bill every unclaimed line up to `throughDay`: one bill per day, or all days in one (vmcMultiDayBilling) */
  | {
      type: 'OpenBills';
      data: { accountId: string; candidates: BillLine[]; throughDay: string; multiDay: boolean };
    }
  | { type: 'RecordBillOrdered'; data: { billId: string; orderId: number } }
  | { type: 'SettleBill'; data: { orderId: number; outcome: 'PAID' | 'CANCELLED' } }
  /** staff reprocess a failed consumption: the cancelled bill that holds it lets all its lines go */
  | { type: 'ReleaseBill'; data: { consumptionId: string; by: string } };

const claimedIds = (state: BillingState) =>
  new Set(
    state.bills
      .filter((bill) => !bill.released)
      .flatMap((bill) => bill.lines.map((line) => line.consumptionId)),
  );

/** The bills still to be ordered (opened by an earlier run that did not get to place them). */
export const unorderedBills = (state: BillingState) =>
  state.bills.filter((bill) => bill.orderId === null && !bill.released);

function openBills(
  state: BillingState,
  data: Extract<BillingCommand, { type: 'OpenBills' }>['data'],
): ConsumptionEvent[] {
  const claimed = claimedIds(state);
  const lines = data.candidates
    .filter((line) => line.day <= data.throughDay && line.amount > 0 && !claimed.has(line.consumptionId))
    .filter(
      (line, index, all) => all.findIndex((other) => other.consumptionId === line.consumptionId) === index,
    )
    .sort((a, b) => a.day.localeCompare(b.day) || a.keycardId - b.keycardId);
  if (lines.length === 0) return [];
  const groups = data.multiDay
    ? [lines]
    : [...new Set(lines.map((line) => line.day))].map((day) => lines.filter((line) => line.day === day));
  return groups.map((group, index) => ({
    type: 'ConsumptionBillOpened',
    data: {
      billId: `${data.accountId}/${state.bills.length + index + 1}`,
      accountId: data.accountId,
      lines: group,
    },
  }));
}

export function decideBilling(command: BillingCommand, state: BillingState): ConsumptionEvent[] {
  switch (command.type) {
    case 'OpenBills':
      return openBills(state, command.data);
    case 'RecordBillOrdered': {
      const bill = state.bills.find((candidate) => candidate.billId === command.data.billId);
      return !bill || bill.orderId !== null ? [] : [{ type: 'ConsumptionBillOrdered', data: command.data }];
    }
    case 'SettleBill': {
      const bill = state.bills.find((candidate) => candidate.orderId === command.data.orderId);
      return !bill || bill.outcome !== null
        ? []
        : [{ type: 'ConsumptionBillSettled', data: { billId: bill.billId, ...command.data } }];
    }
    case 'ReleaseBill': {
      const bill = state.bills.find(
        (candidate) =>
          !candidate.released &&
          candidate.lines.some((line) => line.consumptionId === command.data.consumptionId),
      );
      if (!bill || bill.outcome !== 'CANCELLED') {
        throw conflict(
          consumptionErrorCodes.notFailed,
          `Consumption ${command.data.consumptionId} is not failed: only the consumptions of a cancelled bill are billed again.`,
        );
      }
      return [
        {
          type: 'ConsumptionBillReleased',
          data: {
            billId: bill.billId,
            consumptionIds: bill.lines.map((line) => line.consumptionId),
            by: command.data.by,
          },
        },
      ];
    }
    default: {
      const unexpected: never = command;
      return unexpected;
    }
  }
}
