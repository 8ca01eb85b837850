import { redacted } from './erasure';

describe('redaction of stored event data', () => {
  it('empties personal texts, keeps ids, kinds, amounts and nulls', () => {
    expect(
      redacted({
        accountId: 'a-1',
        personId: 3,
        firstName: 'Dave',
        birthdate: '1980-02-02',
        phone: null,
        owner: true,
      }),
    ).toEqual({
      accountId: 'a-1',
      personId: 3,
      firstName: 'ERASED',
      birthdate: 'ERASED',
      phone: null,
      owner: true,
    });
    expect(
      redacted({
        keycardId: 9,
        fields: { type: 'AXESS', wtp: 'DAVE0000-111-222' },
        carrierKey: 'AXESS:DAVE',
      }),
    ).toEqual({ keycardId: 9, fields: { type: 'AXESS', wtp: 'ERASED' }, carrierKey: 'ERASED' });
    expect(
      redacted({
        paymentDetailId: 2,
        card: { alias: 'x1', masked: '4111xx', brand: 'VIS', expiryMonth: '12', expiryYear: '30' },
      }),
    ).toEqual({
      paymentDetailId: 2,
      card: { alias: 'ERASED', masked: 'ERASED', brand: 'VIS', expiryMonth: '12', expiryYear: '30' },
    });
    expect(redacted({ accountId: 'a-1', addressId: 4, purpose: ['BILLING'], countryCode: 'CHE' })).toEqual({
      accountId: 'a-1',
      addressId: 4,
      purpose: ['BILLING'],
      countryCode: 'ERASED',
    });
  });
});
