import { describeOrderLine, type OrderItemRecord } from '@alpenpass/contracts';
import type { IssuedTicket } from '../ticket';
import { formatChf, splitAmount, vatContained } from './formats';
import { receiptLines, vatOf } from './receipt-pdf';

const item = (itemId: string, unit: number, quantity: number): OrderItemRecord => ({
  itemId,
  parentItemId: null,
  originItemId: null,
  productId: 101,
  productDefinitionId: 1011,
  slotId: null,
  validity: { from: '2026-01-10', to: '2026-01-11' },
  quantity,
  attributes: {},
  personalization: null,
  unitPrice: { amount: unit, currency: 'CHF', source: 'pricing' },
  price: { amount: unit * quantity, currency: 'CHF' },
});
const ticket = (orderItemId: string, personIndex: number, day: string): IssuedTicket => ({
  ticketId: `${orderItemId}-${personIndex}-${day}`,
  orderId: 1,
  orderItemId,
  productId: 101,
  productDefinitionId: 1011,
  personId: null,
  personIndex,
  personCount: 2,
  slotId: null,
  validity: null,
  day,
  code: 'c',
  status: 'VALID',
  issuedAt: '2026-01-01T00:00:00.000Z',
  usedAt: null,
});

const pass = item('a', 3335, 2);
const deposit = item('b', 500, 1);
const tickets = [
  ticket('a', 1, '2026-01-10'),
  ticket('a', 1, '2026-01-11'),
  ticket('a', 2, '2026-01-10'),
  ticket('a', 2, '2026-01-11'),
];
const input = {
  items: [pass, deposit],
  tickets,
  language: 'en' as const,
  itemLine: (entry: OrderItemRecord) =>
    describeOrderLine({
      productName: entry.itemId === 'a' ? '2-day pass' : 'Keycard deposit',
      personType: entry.itemId === 'a' ? 'Adult' : null,
      validity: entry.validity,
      hasSlot: false,
      timezone: 'Europe/Zurich',
      language: 'en',
    }),
};

describe('receipt lines', () => {
  it('one line per item by default', () => {
    expect(receiptLines({ ...input, perTicketLines: false })).toEqual([
      {
        description: '2-day pass, Adult, Sat 10.01.2026 – Sun 11.01.2026',
        quantity: 2,
        unitPrice: 3335,
        amount: 6670,
      },
      {
        description: 'Keycard deposit, Sat 10.01.2026 – Sun 11.01.2026',
        quantity: 1,
        unitPrice: 500,
        amount: 500,
      },
    ]);
  });

  it('vmcReceipts: one line per ticket, whose shares add up to the item exactly; items without tickets stay one line', () => {
    const lines = receiptLines({ ...input, perTicketLines: true });
    expect(lines).toHaveLength(5);
    expect(lines.slice(0, 4).map((line) => line.amount)).toEqual([1668, 1668, 1667, 1667]);
    expect(lines.slice(0, 4).reduce((sum, line) => sum + line.amount, 0)).toBe(6670);
    // day tickets of an order fulfilled before a multi-day pass became one ticket per person
    expect(lines[0]!.description).toBe(
      '2-day pass, Adult, Sat 10.01.2026 – Sun 11.01.2026 – Person 1 of 2, 10 Jan 2026',
    );
    expect(lines[4]).toEqual(
      expect.objectContaining({
        description: 'Keycard deposit, Sat 10.01.2026 – Sun 11.01.2026',
        amount: 500,
      }),
    );
  });

  it("vmcReceipts: a multi-day ticket of one person is one line with the line's dates", () => {
    const whole = [1, 2].map((personIndex) => ({ ...ticket('a', personIndex, ''), day: null }));
    const lines = receiptLines({ ...input, tickets: whole, perTicketLines: true });
    expect(lines.map((line) => line.description).slice(0, 2)).toEqual([
      '2-day pass, Adult, Sat 10.01.2026 – Sun 11.01.2026 – Person 1 of 2',
      '2-day pass, Adult, Sat 10.01.2026 – Sun 11.01.2026 – Person 2 of 2',
    ]);
    expect(lines.slice(0, 2).map((line) => line.amount)).toEqual([3335, 3335]);
  });
});

describe('the VAT line', () => {
  it('counts the VAT the total includes on everything but deposits', () => {
    const base = { items: [pass, deposit], total: 7170, vatRatePercent: 8.1 };
    expect(vatOf({ ...base, vatExempt: () => false })).toEqual({ net: 7170 - 537, vat: 537 });
    // 6670 of passes carry 500 of VAT; the 500 deposit none
    expect(vatOf({ ...base, vatExempt: (item) => item.itemId === 'b' })).toEqual({ net: 6170, vat: 500 });
  });

  it('leaves a cause-we-care donation out of the VAT, as a deposit', () => {
    const withDonation = {
      items: [pass, deposit],
      total: 7170 + 200,
      vatRatePercent: 8.1,
      contribution: { name: 'Bergrettung', amount: 200 },
    };
    expect(vatOf({ ...withDonation, vatExempt: (item) => item.itemId === 'b' })).toEqual({
      net: 6170,
      vat: 500,
    });
  });
});

describe('money', () => {
  it('formats rappen as CHF with Swiss thousands separators', () => {
    expect(formatChf(0)).toBe('CHF 0.00');
    expect(formatChf(5)).toBe('CHF 0.05');
    expect(formatChf(123456789)).toBe("CHF 1'234'567.89");
    expect(formatChf(-1250)).toBe('CHF -12.50');
  });

  it('finds the VAT contained in a gross amount, and splits without losing a rappen', () => {
    expect(vatContained(10810, 8.1)).toBe(810);
    expect(vatContained(0, 8.1)).toBe(0);
    expect(splitAmount(100, 3)).toEqual([34, 33, 33]);
    expect(splitAmount(7, 7)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});
