import type { Request, Response } from 'express';
import { AccountAccessRefused, InvalidTokenError } from '../auth/verifier';
import { authenticate } from './authenticate';
import { Problem } from './problem';

const withToken = () => ({ headers: { authorization: 'Bearer a.b.c' }, ctx: {} }) as unknown as Request;
const run = (failure: Error) =>
  authenticate(() => Promise.reject(failure))(withToken(), {} as Response, () => undefined);

describe('authenticate', () => {
  it('answers a token the verifier refuses 401, an account refused with its own code', async () => {
    await expect(run(new InvalidTokenError('expired'))).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_TOKEN',
    });
    await expect(
      run(new AccountAccessRefused('ACCOUNT_BLOCKED', 'This account is blocked.')),
    ).rejects.toMatchObject({ status: 401, code: 'ACCOUNT_BLOCKED' });
  });

  it('lets a failure to read the account (the database away) through: it is not the token’s fault', async () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    const refusal = run(lost);
    await expect(refusal).rejects.toBe(lost);
    await expect(refusal).rejects.not.toBeInstanceOf(Problem);
  });
});
