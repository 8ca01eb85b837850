import type { Request, Response } from 'express';
import { Problem } from '../platform/http/problem';
import { signNotification } from './notification-signature';
import { requireProviderSignature } from './notification-middleware';

const key = '0f'.repeat(32);
const now = 1_795_000_000_000;
const body = Buffer.from(
  JSON.stringify({
    transactionId: '7',
    merchantId: 'm',
    type: 'payment',
    status: 'settled',
    currency: 'CHF',
    refno: 'o-1',
    detail: {},
    history: [],
  }),
);
const middleware = requireProviderSignature({ hmacKeyHex: key, toleranceSeconds: 300, now: () => now });

function run(rawBody: Buffer, signature: string | undefined) {
  const req = {
    rawBody,
    headers: signature ? { 'datatrans-signature': signature } : {},
  } as unknown as Request;
  const res = { locals: {} } as Response;
  let passed: unknown = 'not called';
  middleware(req, res, (error?: unknown) => (passed = error));
  return { passed, locals: res.locals };
}

describe('requireProviderSignature', () => {
  it('lets a signed notification through with its parsed body', () => {
    const { passed, locals } = run(body, signNotification(body, key, now));
    expect(passed).toBeUndefined();
    expect(locals.providerNotification).toMatchObject({ transactionId: '7', status: 'settled' });
  });

  it.each([
    ['no header', undefined],
    ['another key', signNotification(body, '1e'.repeat(32), now)],
    ['an old timestamp', signNotification(body, key, now - 301_000)],
  ])('answers %s with 401 INVALID_SIGNATURE', (_case, signature) => {
    const { passed, locals } = run(body, signature);
    expect(passed).toBeInstanceOf(Problem);
    expect(passed).toMatchObject({ status: 401, code: 'INVALID_SIGNATURE' });
    expect(locals.providerNotification).toBeUndefined();
  });
});
