import { defaultPersonFieldRules, deployedOwnerFieldRules, type AccountEvent } from '@alpenpass/contracts';
import { DomainError } from '../platform/domain-error';
import { evolveAccount, initialAccountState, type AccountState } from './account';
import { decideAccount, type AccountCommand } from './decide';

const accountId = 'a-1';
const given = (...events: AccountEvent[]): AccountState =>
  events.reduce(evolveAccount, initialAccountState());
const owner: AccountEvent = {
  type: 'PersonAdded',
  data: {
    accountId,
    personId: 1,
    firstName: 'Alice',
    lastName: 'Alpin',
    birthdate: '1990-04-01',
    gender: null,
    phone: null,
    owner: true,
  },
};
const child: AccountEvent = {
  type: 'PersonAdded',
  data: {
    accountId,
    personId: 2,
    firstName: 'Mia',
    lastName: 'Alpin',
    birthdate: '2020-07-03',
    gender: 'f',
    phone: null,
    owner: false,
  },
};
const home: AccountEvent = {
  type: 'AddressAdded',
  data: {
    accountId,
    addressId: 7,
    addressLine1: 'Dorfstrasse 1',
    addressLine2: null,
    city: 'Zermatt',
    state: null,
    zip: '3920',
    countryCode: 'CHE',
    purpose: ['BILLING'],
  },
};

function refusal(command: AccountCommand, state: AccountState): DomainError {
  try {
    decideAccount(command, state);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('persons', () => {
  const add = (
    personId: number,
    person: object,
    isOwner = false,
    rules = defaultPersonFieldRules,
  ): AccountCommand => ({ type: 'AddPerson', data: { accountId, personId, person, owner: isOwner, rules } });

  it('adds a person once (a retried command with the same id adds nothing)', () => {
    const events = decideAccount(
      add(2, { firstName: 'Mia', lastName: 'Alpin', birthdate: '2020-07-03', gender: 'f' }),
      given(owner),
    );
    expect(events).toEqual([child]);
    expect(
      decideAccount(
        add(2, { firstName: 'Mia', lastName: 'Alpin', birthdate: '2020-07-03' }),
        given(owner, child),
      ),
    ).toEqual([]);
  });

  it('applies the field rules: required fields present, disabled ones never sent', () => {
    expect(refusal(add(3, { firstName: 'Tom', lastName: 'Alpin' }), given())).toMatchObject({
      code: 'PERSON_FIELD_REQUIRED',
      path: 'body.birthdate',
    });
    expect(
      refusal(
        add(3, { firstName: 'Tom', lastName: 'Alpin', birthdate: '2012-01-01', phone: '+41791234567' }),
        given(),
      ),
    ).toMatchObject({ code: 'PERSON_FIELD_DISABLED', path: 'body.phone' });
    expect(
      decideAccount(
        add(
          3,
          { firstName: 'Tom', lastName: 'Alpin', birthdate: '2012-01-01', phone: '+41791234567' },
          true,
          deployedOwnerFieldRules,
        ),
        given(),
      ),
    ).toHaveLength(1);
  });

  it('has one owner, who cannot be deleted', () => {
    expect(
      refusal(add(3, { firstName: 'B', lastName: 'C', birthdate: '1980-01-01' }, true), given(owner)),
    ).toMatchObject({ kind: 'conflict', code: 'OWNER_EXISTS' });
    expect(refusal({ type: 'RemovePerson', data: { accountId, personId: 1 } }, given(owner))).toMatchObject({
      kind: 'conflict',
      code: 'OWNER_NOT_DELETABLE',
    });
    expect(
      decideAccount({ type: 'RemovePerson', data: { accountId, personId: 2 } }, given(owner, child)),
    ).toEqual([{ type: 'PersonRemoved', data: { accountId, personId: 2 } }]);
  });

  it('records only what changed, keeps a required field from being cleared, and answers 404 for another id', () => {
    const change = (personId: number | 'owner', changes: object): AccountCommand => ({
      type: 'ChangePerson',
      data: { accountId, personId, changes, rules: defaultPersonFieldRules },
    });
    expect(decideAccount(change(2, { gender: 'd', firstName: 'Mia' }), given(owner, child))).toEqual([
      { type: 'PersonChanged', data: { accountId, personId: 2, gender: 'd' } },
    ]);
    expect(decideAccount(change('owner', { lastName: 'Alpina' }), given(owner))).toEqual([
      { type: 'PersonChanged', data: { accountId, personId: 1, lastName: 'Alpina' } },
    ]);
    expect(refusal(change(2, { birthdate: null }), given(child))).toMatchObject({
      code: 'PERSON_FIELD_REQUIRED',
    });
    expect(refusal(change(9, { firstName: 'X' }), given(child))).toMatchObject({
      kind: 'not_found',
      code: 'PERSON_NOT_FOUND',
    });
    expect(refusal(change('owner', { firstName: 'X' }), given(child))).toMatchObject({
      kind: 'not_found',
      code: 'OWNER_NOT_FOUND',
    });
  });
});

describe('addresses', () => {
  it('adds, changes only what differs, removes, and answers 404 for an unknown id', () => {
    const {
      accountId: _a,
      addressId: _id,
      ...fields
    } = home.data as Extract<AccountEvent, { type: 'AddressAdded' }>['data'];
    expect(
      decideAccount({ type: 'AddAddress', data: { accountId, addressId: 7, address: fields } }, given()),
    ).toEqual([home]);
    expect(
      decideAccount(
        { type: 'ChangeAddress', data: { accountId, addressId: 7, changes: { city: 'Täsch', zip: '3920' } } },
        given(home),
      ),
    ).toEqual([{ type: 'AddressChanged', data: { accountId, addressId: 7, city: 'Täsch' } }]);
    expect(decideAccount({ type: 'RemoveAddress', data: { accountId, addressId: 7 } }, given(home))).toEqual([
      { type: 'AddressRemoved', data: { accountId, addressId: 7 } },
    ]);
    expect(refusal({ type: 'RemoveAddress', data: { accountId, addressId: 8 } }, given(home))).toMatchObject({
      kind: 'not_found',
      code: 'ADDRESS_NOT_FOUND',
    });
  });
});

describe('photos', () => {
  const avatar = { mimetype: 'image/png', size: 68, sha256: 'a'.repeat(64) };
  const change = (
    personId: number | 'owner',
    photo: typeof avatar | null,
    rules = deployedOwnerFieldRules,
  ): AccountCommand => ({ type: 'ChangeAvatar', data: { accountId, personId, avatar: photo, rules } });

  it('names the new photo on the person once; the same photo again and no photo on none change nothing', () => {
    const named: AccountEvent = { type: 'PersonChanged', data: { accountId, personId: 1, avatar } };
    expect(decideAccount(change('owner', avatar), given(owner))).toEqual([named]);
    expect(decideAccount(change(1, avatar), given(owner, named))).toEqual([]);
    expect(decideAccount(change(1, null), given(owner, named))).toEqual([
      { type: 'PersonChanged', data: { accountId, personId: 1, avatar: null } },
    ]);
    expect(decideAccount(change(1, null), given(owner))).toEqual([]);
  });

  it('follows the field rules: a disabled avatar is refused, a required one cannot be removed; an unknown person is 404', () => {
    expect(refusal(change(2, avatar, defaultPersonFieldRules), given(owner, child))).toMatchObject({
      code: 'PERSON_FIELD_DISABLED',
      path: 'body.avatar',
    });
    expect(refusal(change(1, null, { required: ['avatar'], disabled: [] }), given(owner))).toMatchObject({
      code: 'PERSON_FIELD_REQUIRED',
      path: 'body.avatar',
    });
    expect(refusal(change(9, avatar), given(owner))).toMatchObject({ code: 'PERSON_NOT_FOUND' });
  });
});
