import type { OrderItemRecord } from '@alpenpass/contracts';
import { accessDays, planTickets, ticketIdOf, type TicketProductFacts } from './ticket-plan';

const item = (overrides: Partial<OrderItemRecord>): OrderItemRecord => ({
  itemId: '00000000-0000-4000-8000-00000000000a',
  parentItemId: null,
  originItemId: null,
  productId: 101,
  productDefinitionId: 1011,
  slotId: null,
  validity: { from: '2026-01-10', to: '2026-01-12' },
  quantity: 2,
  attributes: {},
  personalization: null,
  unitPrice: { amount: 5000, currency: 'CHF', source: 'pricing' },
  price: { amount: 10000, currency: 'CHF' },
  ...overrides,
});
const pass: TicketProductFacts = { kind: 'MULTI_DAY_PASS', timezone: 'Europe/Zurich' };

describe('the days of access', () => {
  it('counts each calendar day of the validity in the pool timezone; an end at midnight opens no day', () => {
    expect(accessDays({ from: '2026-01-10', to: '2026-01-12' }, 'Europe/Zurich')).toEqual([
      '2026-01-10',
      '2026-01-11',
      '2026-01-12',
    ]);
    expect(
      accessDays({ from: '2026-01-10T09:00:00+01:00', to: '2026-01-11T00:00:00+01:00' }, 'Europe/Zurich'),
    ).toEqual(['2026-01-10']);
    // 23:30 UTC on the 9th is already the 10th in Zurich
    expect(accessDays({ from: '2026-01-09T23:30:00Z', to: '2026-01-10T10:00:00Z' }, 'Europe/Zurich')).toEqual(
      ['2026-01-10'],
    );
  });
});

describe('planning tickets', () => {
  it('plans one ticket per person for a multi-day pass, valid over all its days', () => {
    const tickets = planTickets(7, [item({})], () => pass);
    expect(tickets.map((ticket) => `${ticket.personIndex}/${ticket.personCount} ${ticket.day}`)).toEqual([
      '1/2 null',
      '2/2 null',
    ]);
    expect(tickets[0]!.validity).toEqual({
      from: '2026-01-10T00:00:00.000+01:00',
      to: '2026-01-12T23:59:59.999+01:00',
    });
    expect(tickets.map((ticket) => ticket.ticketId)).toEqual([
      ticketIdOf(7, item({}).itemId, 1, null),
      ticketIdOf(7, item({}).itemId, 2, null),
    ]);
    expect(new Set(tickets.map((ticket) => ticket.ticketId)).size).toBe(2);
  });

  it('cuts a pass ending at midnight sharp to the day before, and gives a one-day item its day', () => {
    const [untilMidnight] = planTickets(
      7,
      [
        item({
          quantity: 1,
          validity: { from: '2026-01-10T08:00:00+01:00', to: '2026-01-13T00:00:00+01:00' },
        }),
      ],
      () => pass,
    );
    expect(untilMidnight).toMatchObject({
      day: null,
      validity: { from: '2026-01-10T08:00:00.000+01:00', to: '2026-01-12T23:59:59.999+01:00' },
    });
    const [dayPass] = planTickets(
      7,
      [item({ quantity: 1, validity: { from: '2026-01-10', to: '2026-01-10' } })],
      () => ({ kind: 'DAY_PASS', timezone: 'Europe/Zurich' }),
    );
    expect(dayPass).toMatchObject({
      day: '2026-01-10',
      validity: { from: '2026-01-10T00:00:00.000+01:00', to: '2026-01-10T23:59:59.999+01:00' },
    });
  });

  it('plans the same ids every time (issuance can be repeated)', () => {
    expect(planTickets(7, [item({})], () => pass)).toEqual(planTickets(7, [item({})], () => pass));
    expect(planTickets(8, [item({})], () => pass)[0]!.ticketId).not.toBe(
      planTickets(7, [item({})], () => pass)[0]!.ticketId,
    );
  });

  it('keeps the time of a slot and the person of a personalized single item', () => {
    const slot = item({
      slotId: 41,
      quantity: 1,
      validity: { from: '2026-01-10T09:00:00.000+01:00', to: '2026-01-10T10:00:00.000+01:00' },
      personalization: { personId: 12, medium: 'ON_SITE', keycardId: null },
    });
    expect(planTickets(7, [slot], () => ({ kind: 'TIME_SLOT', timezone: 'Europe/Zurich' }))).toEqual([
      expect.objectContaining({
        slotId: 41,
        personId: 12,
        day: '2026-01-10',
        validity: { from: '2026-01-10T09:00:00.000+01:00', to: '2026-01-10T10:00:00.000+01:00' },
      }),
    ]);
  });

  it('gives a season one ticket per person over its period as sold, deposits none, and an item without validity one per person', () => {
    const season = item({ validity: { from: '2025-12-01', to: '2026-04-15' } });
    expect(
      planTickets(7, [season], () => ({ kind: 'SEASON_SUBSCRIPTION', timezone: 'Europe/Zurich' })).map(
        (ticket) => ticket.day,
      ),
    ).toEqual([null, null]);
    expect(
      planTickets(7, [season], () => ({ kind: 'SEASON_SUBSCRIPTION', timezone: 'Europe/Zurich' }))[0]!
        .validity,
    ).toEqual({ from: '2025-12-01', to: '2026-04-15' });
    expect(planTickets(7, [season], () => pass).map((ticket) => ticket.day)).toEqual([null, null]);
    expect(planTickets(7, [item({})], () => ({ kind: 'DEPOSIT', timezone: 'Europe/Zurich' }))).toEqual([]);
    expect(
      planTickets(7, [item({ validity: null, quantity: 3 })], () => ({
        kind: 'PARKING',
        timezone: 'Europe/Zurich',
      })).map((ticket) => ticket.validity),
    ).toEqual([null, null, null]);
  });
});
