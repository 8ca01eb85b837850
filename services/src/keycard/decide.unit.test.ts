import {
  carrierKeyOf,
  keycardFieldsBody,
  type KeycardEvent,
  type KeycardFieldsInput,
} from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { decideKeycards, type KeycardCommand } from './decide';
import { evolvePersonKeycards, initialPersonKeycards, type PersonKeycardsState } from './keycard';
import { keycardValidityOn } from './validity';

const accountId = 'alice';
const personId = 7;
const at = '2030-12-20T09:00:00.000Z';
const given = (...events: KeycardEvent[]): PersonKeycardsState =>
  events.reduce(evolvePersonKeycards, initialPersonKeycards());
const fields = (input: object): KeycardFieldsInput => keycardFieldsBody.parse(input);
const skidata = fields({ type: 'SKIDATA', dataCarrierId: '01-1614 7255 0123 4567 8901-3' });
const otherSkidata = fields({ type: 'SKIDATA', dataCarrierId: '02-2345 6789 0123 4567 8901-0' });
const plate = (text: string) => fields({ type: 'LICENSEPLATE', licensePlate: text, countryCode: 'CH' });
const travelPass = fields({
  type: 'SWISSTRAVELPASS',
  cardId: 'STP123456',
  validity: { from: '2030-12-18', to: '2030-12-24' },
});

const add = (keycardId: number, card: KeycardFieldsInput): KeycardCommand => ({
  type: 'AddKeycard',
  data: {
    accountId,
    personId,
    keycardId,
    fields: card,
    carrierKey: carrierKeyOf(card),
    source: 'CUSTOMER',
    at,
  },
});
const added = (keycardId: number, card: KeycardFieldsInput): KeycardEvent => ({
  type: 'KeycardAdded',
  data: {
    accountId,
    personId,
    keycardId,
    fields: card,
    carrierKey: carrierKeyOf(card),
    source: 'CUSTOMER',
    at,
  },
});

function refusal(command: KeycardCommand, state: PersonKeycardsState): DomainError {
  try {
    decideKeycards(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('adding keycards', () => {
  it('adds a first SKIDATA card, and a retried command with the same id adds nothing', () => {
    expect(decideKeycards(add(1, skidata), given())).toEqual([added(1, skidata)]);
    expect(decideKeycards(add(1, skidata), given(added(1, skidata)))).toEqual([]);
  });

  it('refuses a second SKIDATA card for the same person with a conflict (§5: one per system)', () => {
    expect(refusal(add(2, otherSkidata), given(added(1, skidata)))).toMatchObject({
      kind: 'conflict',
      code: 'KEYCARD_LIMIT_REACHED',
    });
  });

  it('allows a new SKIDATA card once the old one was cancelled or has expired', () => {
    const cancelled: KeycardEvent = {
      type: 'KeycardCancelled',
      data: { accountId, personId, keycardId: 1, by: 'CUSTOMER' },
    };
    expect(decideKeycards(add(2, otherSkidata), given(added(1, skidata), cancelled))).toEqual([
      added(2, otherSkidata),
    ]);
  });

  it('allows any number of licence plates, but not the same plate twice', () => {
    const state = given(added(1, plate('VS 1')), added(2, plate('VS 2')), added(3, plate('VS 3')));
    expect(decideKeycards(add(4, plate('VS 4')), state)).toEqual([added(4, plate('VS 4'))]);
    expect(refusal(add(5, plate('vs-1')), state)).toMatchObject({
      kind: 'conflict',
      code: 'KEYCARD_ALREADY_REGISTERED',
    });
  });
});

describe('cancelling keycards', () => {
  it("cancels the person's card, once; a card of another account or an unknown one is not found", () => {
    const state = given(added(1, skidata));
    expect(
      decideKeycards({ type: 'CancelKeycard', data: { accountId, keycardId: 1, by: 'CUSTOMER' } }, state),
    ).toEqual([{ type: 'KeycardCancelled', data: { accountId, personId, keycardId: 1, by: 'CUSTOMER' } }]);
    const cancelled = evolvePersonKeycards(state, {
      type: 'KeycardCancelled',
      data: { accountId, personId, keycardId: 1, by: 'CUSTOMER' },
    });
    expect(
      refusal({ type: 'CancelKeycard', data: { accountId, keycardId: 1, by: 'CUSTOMER' } }, cancelled),
    ).toMatchObject({ kind: 'not_found', code: 'KEYCARD_NOT_FOUND' });
    expect(
      refusal({ type: 'CancelKeycard', data: { accountId: 'mallory', keycardId: 1, by: 'CUSTOMER' } }, state),
    ).toMatchObject({ kind: 'not_found' });
    expect(
      refusal({ type: 'CancelKeycard', data: { accountId, keycardId: 99, by: 'CUSTOMER' } }, state),
    ).toMatchObject({ kind: 'not_found' });
  });
});

describe('revalidation', () => {
  it('expires passes whose validity ended before today, once; cards without validity stay ACTIVE', () => {
    const state = given(added(1, skidata), added(2, travelPass));
    expect(decideKeycards({ type: 'RevalidateKeycards', data: { today: '2030-12-24' } }, state)).toEqual([]);
    const expired = decideKeycards({ type: 'RevalidateKeycards', data: { today: '2030-12-25' } }, state);
    expect(expired).toEqual([
      { type: 'KeycardExpired', data: { accountId, personId, keycardId: 2, on: '2030-12-25' } },
    ]);
    expect(
      decideKeycards(
        { type: 'RevalidateKeycards', data: { today: '2030-12-26' } },
        given(added(1, skidata), added(2, travelPass), ...expired),
      ),
    ).toEqual([]);
  });
});

describe('validity for a date', () => {
  it('is valid while ACTIVE, and inside its validity for a pass', () => {
    const [card, pass] = given(added(1, skidata), added(2, travelPass)).keycards;
    expect(keycardValidityOn(card!, '2031-05-01')).toEqual({ valid: true, reason: null });
    expect(keycardValidityOn(pass!, '2030-12-18')).toEqual({ valid: true, reason: null });
    expect(keycardValidityOn(pass!, '2030-12-17')).toEqual({
      valid: false,
      reason: 'The pass is valid from 2030-12-18.',
    });
    expect(keycardValidityOn(pass!, '2030-12-25')).toEqual({
      valid: false,
      reason: 'The pass was valid until 2030-12-24.',
    });
    expect(keycardValidityOn({ ...card!, status: 'CANCELLED' }, '2031-05-01')).toEqual({
      valid: false,
      reason: 'The keycard is CANCELLED.',
    });
  });
});
