import { admissionKeyOf, readAdmission, signAdmission } from './admission-token';

describe('admission tokens', () => {
  const key = admissionKeyOf('a-secret');
  const admission = { saleId: 4, ticketId: 'a9c1', visitor: 'account:7', expiresAtMs: 1_900_000_000_000 };

  it('carry the admission under a signature of the shop', () => {
    expect(readAdmission(key, signAdmission(key, admission))).toEqual(admission);
  });

  it('are refused when changed, signed with another key, or not a token at all', () => {
    const token = signAdmission(key, admission);
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ s: 4, t: 'a9c1', v: 'account:8', e: 1_900_000_000_000 })).toString('base64url')}.${signature}`;
    expect(readAdmission(key, forged)).toBeNull();
    expect(readAdmission(admissionKeyOf('another-secret'), token)).toBeNull();
    expect(readAdmission(key, 'nonsense')).toBeNull();
    expect(readAdmission(key, `${token}.x`)).toBeNull();
  });
});
