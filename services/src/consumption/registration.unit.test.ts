import type { PayPerUseRegistration } from '@alpenpass/contracts';
import {
  decideRegistration,
  decideRegistrationEnd,
  registrationFolder,
  registrationOn,
} from './registration';
import { usageSeason } from './usage-season';

const registration = (from: string, accountId = 'a', orderId = 1): PayPerUseRegistration => ({
  keycardId: 7,
  accountId,
  personId: 3,
  productId: 107,
  productDefinitionId: 1071,
  orderId,
  orderItemId: 'i',
  from,
});

describe('pay-per-use registrations of a keycard', () => {
  it('are recorded once per order item', () => {
    const first = decideRegistration(registration('2030-12-10'), registrationFolder.initialState());
    const state = first.reduce(registrationFolder.evolve, registrationFolder.initialState());
    expect(first).toHaveLength(1);
    expect(decideRegistration(registration('2030-12-10'), state)).toEqual([]);
  });

  it('bill from their first day, for the account that holds the card', () => {
    const state = { registrations: [registration('2030-12-10'), registration('2031-01-05', 'b', 2)] };
    expect(registrationOn(state, '2030-12-09', 'a')).toBeNull();
    expect(registrationOn(state, '2030-12-10', 'a')?.orderId).toBe(1);
    expect(registrationOn(state, '2031-01-06', 'a')?.orderId).toBe(1);
    expect(registrationOn(state, '2031-01-06', 'b')?.orderId).toBe(2);
  });

  it('bill no day from the one their order item was cancelled on, and end once', () => {
    const registered = decideRegistration(
      registration('2030-12-10'),
      registrationFolder.initialState(),
    ).reduce(registrationFolder.evolve, registrationFolder.initialState());
    const end = { keycardId: 7, orderId: 1, orderItemId: 'i', from: '2030-12-20' };
    const ended = decideRegistrationEnd(end, registered);
    expect(ended).toEqual([{ type: 'PayPerUseEnded', data: end }]);
    const state = ended.reduce(registrationFolder.evolve, registered);
    expect(registrationOn(state, '2030-12-19', 'a')).toEqual(registration('2030-12-10'));
    expect(registrationOn(state, '2030-12-20', 'a')).toBeNull();
    expect(decideRegistrationEnd(end, state)).toEqual([]);
    expect(decideRegistrationEnd({ ...end, orderItemId: 'other' }, state)).toEqual([]);
  });
});

describe('the usage summary season', () => {
  const ranges = [
    { from: '2030-12-01', to: '2031-04-15' },
    { from: '2029-12-01', to: '2030-04-15' },
  ];
  it('is the range holding today, else the one just ended, else the past year', () => {
    expect(usageSeason(ranges, '2031-01-10')).toEqual({ from: '2030-12-01', to: '2031-04-15' });
    expect(usageSeason(ranges, '2030-07-01')).toEqual({ from: '2029-12-01', to: '2030-04-15' });
    expect(usageSeason([], '2030-07-01')).toEqual({ from: '2029-07-01', to: '2030-07-01' });
  });
});
