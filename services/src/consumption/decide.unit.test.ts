import type { ConsumptionEvent, PayPerUseRegistration, UsageRecord } from '@alpenpass/contracts';
import { consumptionFolder, type ConsumptionState } from './consumption';
import { decideUsage, type RecordUsage } from './decide';

const registration: PayPerUseRegistration = {
  keycardId: 7,
  accountId: 'a',
  personId: 3,
  productId: 107,
  productDefinitionId: 1071,
  orderId: 9,
  orderItemId: 'i',
  from: '2030-12-01',
};
const price = { productId: 107, productDefinitionId: 1071, amount: 6900, priceSource: 'pricing' as const };
const usage = (
  usageEventId: string,
  kind: UsageRecord['kind'] = 'PASSAGE',
  occurredAt = '2030-12-20T09:00:00.000Z',
): UsageRecord => ({ usageEventId, kind, quantity: kind === 'PARKING' ? 240 : 1, gateId: 'g1', occurredAt });
const command = (recorded: UsageRecord, overrides: Partial<RecordUsage> = {}): RecordUsage => ({
  consumptionId: '7-2030-12-20',
  keycardId: 7,
  day: '2030-12-20',
  accountId: 'a',
  personId: 3,
  usage: recorded,
  registration,
  price,
  ...overrides,
});

/** given the events so far, when each command is decided in turn, then all events recorded */
function run(commands: RecordUsage[]): ConsumptionEvent[] {
  let state: ConsumptionState = consumptionFolder.initialState();
  const all: ConsumptionEvent[] = [];
  for (const next of commands) {
    const events = decideUsage(next, state);
    state = events.reduce(consumptionFolder.evolve, state);
    all.push(...events);
  }
  return all;
}

describe('recording usage of a keycard day', () => {
  it('opens the day, records the usage and charges the first lift usage of a registered card once', () => {
    expect(run([command(usage('e1')), command(usage('e2', 'RIDE'))]).map((event) => event.type)).toEqual([
      'ConsumptionOpened',
      'UsageRecorded',
      'ConsumptionCharged',
      'UsageRecorded',
    ]);
  });

  it('records a replayed event once', () => {
    expect(
      run([command(usage('e1')), command(usage('e1')), command(usage('e1'))]).filter(
        (event) => event.type === 'UsageRecorded',
      ),
    ).toHaveLength(1);
  });

  it('charges the same whatever order the events come in', () => {
    const early = usage('early', 'PASSAGE', '2030-12-20T08:00:00.000Z');
    const late = usage('late', 'RIDE', '2030-12-20T15:00:00.000Z');
    const charges = (events: ConsumptionEvent[]) =>
      events.filter((event) => event.type === 'ConsumptionCharged').map((event) => event.data);
    expect(charges(run([command(late), command(early)]))).toEqual(
      charges(run([command(early), command(late)])),
    );
  });

  it('never charges parking, nor a card without registration', () => {
    expect(
      run([command(usage('p', 'PARKING')), command(usage('x'), { registration: null, price: null })]).map(
        (event) => event.type,
      ),
    ).toEqual(['ConsumptionOpened', 'UsageRecorded', 'UsageRecorded']);
  });

  it('charges a later lift usage once the card is registered that day', () => {
    const events = run([
      command(usage('before'), { registration: null, price: null }),
      command(usage('after')),
    ]);
    expect(events.map((event) => event.type)).toEqual([
      'ConsumptionOpened',
      'UsageRecorded',
      'UsageRecorded',
      'ConsumptionCharged',
    ]);
  });
});
