import type { BillLine, ConsumptionEvent } from '@alpenpass/contracts';
import { billingFolder, decideBilling, type BillingCommand, type BillingState } from './billing';

const line = (keycardId: number, day: string, amount = 6900): BillLine => ({
  consumptionId: `${keycardId}-${day}`,
  keycardId,
  personId: 1,
  day,
  productId: 107,
  productDefinitionId: 1071,
  amount,
  priceSource: 'pricing',
});
const candidates = [
  line(7, '2030-12-18'),
  line(7, '2030-12-19'),
  line(8, '2030-12-19', 3400),
  line(7, '2030-12-20'),
];
const open = (multiDay: boolean, throughDay = '2030-12-19'): BillingCommand => ({
  type: 'OpenBills',
  data: { accountId: 'a', candidates, throughDay, multiDay },
});

function given(commands: BillingCommand[]): { state: BillingState; events: ConsumptionEvent[] } {
  let state = billingFolder.initialState();
  const events: ConsumptionEvent[] = [];
  for (const command of commands) {
    const decided = decideBilling(command, state);
    state = decided.reduce(billingFolder.evolve, state);
    events.push(...decided);
  }
  return { state, events };
}

const opened = (events: ConsumptionEvent[]) =>
  events.flatMap((event) => (event.type === 'ConsumptionBillOpened' ? [event.data] : []));

describe('consumption billing of an account', () => {
  it('opens one bill per day through the day asked for (vmcMultiDayBilling off)', () => {
    const bills = opened(given([open(false)]).events);
    expect(bills.map((bill) => [bill.billId, bill.lines.map((billed) => billed.consumptionId)])).toEqual([
      ['a/1', ['7-2030-12-18']],
      ['a/2', ['7-2030-12-19', '8-2030-12-19']],
    ]);
  });

  it('groups the days not billed yet into one bill (vmcMultiDayBilling on)', () => {
    expect(opened(given([open(true)]).events).map((bill) => bill.lines.length)).toEqual([3]);
  });

  it('bills a day once, however often the run comes', () => {
    const { events } = given([open(false), open(false), open(true), open(false, '2030-12-20')]);
    expect(opened(events).flatMap((bill) => bill.lines.map((billed) => billed.consumptionId))).toEqual([
      '7-2030-12-18',
      '7-2030-12-19',
      '8-2030-12-19',
      '7-2030-12-20',
    ]);
  });

  it('releases a cancelled bill to staff only, and bills its days again afterwards', () => {
    const ordered: BillingCommand = { type: 'RecordBillOrdered', data: { billId: 'a/1', orderId: 41 } };
    expect(() =>
      given([
        open(false),
        ordered,
        { type: 'ReleaseBill', data: { consumptionId: '7-2030-12-18', by: 'staff' } },
      ]),
    ).toThrow(expect.objectContaining({ code: 'CONSUMPTION_NOT_FAILED' }));
    const { events } = given([
      open(false),
      ordered,
      { type: 'SettleBill', data: { orderId: 41, outcome: 'CANCELLED' } },
      { type: 'ReleaseBill', data: { consumptionId: '7-2030-12-18', by: 'staff' } },
      open(false),
    ]);
    expect(opened(events).map((bill) => bill.billId)).toEqual(['a/1', 'a/2', 'a/3']);
    expect(opened(events)[2]!.lines.map((billed) => billed.consumptionId)).toEqual(['7-2030-12-18']);
  });

  it('records an order and a settlement once', () => {
    const ordered: BillingCommand = { type: 'RecordBillOrdered', data: { billId: 'a/1', orderId: 41 } };
    const settled: BillingCommand = { type: 'SettleBill', data: { orderId: 41, outcome: 'PAID' } };
    expect(
      given([open(false), ordered, ordered, settled, settled]).events.map((event) => event.type),
    ).toEqual([
      'ConsumptionBillOpened',
      'ConsumptionBillOpened',
      'ConsumptionBillOrdered',
      'ConsumptionBillSettled',
    ]);
  });
});
