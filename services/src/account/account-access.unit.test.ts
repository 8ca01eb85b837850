import type { Principal } from '../platform/auth/principal';
import { AccountAccessRefused } from '../platform/auth/verifier';
import { accountAccessGuard } from './account-access';
import type { AccountDirectory } from './account-directory';

/** The token check reads the directory by primary key, remembers it briefly, and refuses blocked and erased accounts. */
function setup(cacheMs: number, combined = false) {
  const states = new Map<string, { blocked: boolean; deleted: boolean }>([
    ['acc-1', { blocked: false, deleted: false }],
  ]);
  const links = new Map<string, string>([['https://outside/|ext-7', 'acc-1']]);
  let reads = 0;
  const directory = {
    access: async (accountId: string) => {
      reads += 1;
      return states.get(accountId) ?? { blocked: false, deleted: false };
    },
    linkedAccount: async (issuer: string, subject: string) => links.get(`${issuer}|${subject}`) ?? null,
    // the directory's one-read form for customer tokens (link and access together)
    ...(combined
      ? {
          customerAccess: async (issuer: string, subject: string, claimed: string | null) => {
            reads += 1;
            const linked = links.get(`${issuer}|${subject}`) ?? null;
            const accountId = linked ?? claimed;
            return {
              linked,
              ...(accountId
                ? (states.get(accountId) ?? { blocked: false, deleted: false })
                : { blocked: false, deleted: false }),
            };
          },
        }
      : {}),
  } as unknown as AccountDirectory;
  let clock = 0;
  const tokens: Record<string, Principal> = {
    alice: { subject: 'u-1', roles: ['customer'], accountId: 'acc-1', issuer: 'https://shop/' },
    outsider: { subject: 'ext-7', roles: ['customer'], accountId: null, issuer: 'https://outside/' },
    staff: { subject: 's-1', roles: ['admin'], accountId: null, issuer: 'https://shop/' },
  };
  const guard = accountAccessGuard(async (token) => ({ ...tokens[token]! }), directory, {
    cacheMs,
    now: () => clock,
  });
  return { guard, states, reads: () => reads, advance: (ms: number) => void (clock += ms) };
}

async function refusal(promise: Promise<unknown>): Promise<AccountAccessRefused> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AccountAccessRefused) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each([
  ['separate reads', false],
  ['one read for customer tokens', true],
])('the account access guard (%s)', (_name, combined) => {
  it('refuses a blocked account and an erased one with the §8 text', async () => {
    const { guard, states } = setup(0, combined);
    expect((await guard.verifyToken('alice')).accountId).toBe('acc-1');
    states.set('acc-1', { blocked: true, deleted: false });
    expect(await refusal(guard.verifyToken('alice'))).toMatchObject({ code: 'ACCOUNT_BLOCKED' });
    states.set('acc-1', { blocked: false, deleted: true });
    expect(await refusal(guard.verifyToken('alice'))).toMatchObject({
      code: 'ACCOUNT_DELETED',
      message: 'Account should not be accessible if deleted',
    });
  });

  it('reads the directory once per account and cache period, and at once after forget()', async () => {
    const { guard, states, reads, advance } = setup(2000, combined);
    await guard.verifyToken('alice');
    await guard.verifyToken('alice');
    expect(reads()).toBe(1);
    states.set('acc-1', { blocked: true, deleted: false });
    guard.forget('acc-1');
    await expect(guard.verifyToken('alice')).rejects.toBeInstanceOf(AccountAccessRefused);
    states.set('acc-1', { blocked: false, deleted: false });
    advance(2001);
    expect((await guard.verifyToken('alice')).accountId).toBe('acc-1');
    expect(reads()).toBe(3);
  });

  it('gives a linked identity its account and leaves staff tokens alone', async () => {
    const { guard } = setup(0, combined);
    expect((await guard.verifyToken('outsider')).accountId).toBe('acc-1');
    expect(await guard.verifyToken('staff')).toMatchObject({ accountId: null, roles: ['admin'] });
  });
});
