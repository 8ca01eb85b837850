import { generateSigningKey } from './signing-key';
import { mintToken } from './tokens';
import { createTokenVerifier, InvalidTokenError } from './verifier';

const settings = { issuer: 'http://issuer.test', audience: 'alpenpass' };

describe('token verifier: verified tokens are remembered', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a fresh copy each time, so a caller that changes its principal changes nothing remembered', async () => {
    const key = await generateSigningKey();
    const verify = createTokenVerifier({
      audience: settings.audience,
      issuers: [settings.issuer],
      localKeys: [key.publicJwk],
    });
    const token = await mintToken(key, settings, { subject: 'c-1', roles: ['customer'], accountId: 'a-1' });
    const first = await verify(token);
    first.accountId = 'someone-else';
    first.roles.push('admin');
    expect(await verify(token)).toEqual({
      subject: 'c-1',
      roles: ['customer'],
      accountId: 'a-1',
      issuer: settings.issuer,
    });
  });

  it('never trusts a remembered token past its expiry', async () => {
    jest.useFakeTimers({
      now: new Date('2026-01-10T12:00:00Z'),
      doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
    });
    const key = await generateSigningKey();
    const verify = createTokenVerifier({
      audience: settings.audience,
      issuers: [settings.issuer],
      localKeys: [key.publicJwk],
      clockToleranceSeconds: 0,
      verifiedCacheMs: 3_600_000,
    });
    const token = await mintToken(key, settings, { subject: 'c-1', roles: ['customer'], expiresIn: '2m' });
    await expect(verify(token)).resolves.toMatchObject({ subject: 'c-1' });
    jest.setSystemTime(new Date('2026-01-10T12:03:00Z'));
    await expect(verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
