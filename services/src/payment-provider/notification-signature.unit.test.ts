import { createHmac } from 'node:crypto';
import { signNotification, verifyNotificationSignature } from './notification-signature';
import { readProviderNotification } from './provider-notification';

const key = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const otherKey = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
const now = 1_795_000_000_000;
const body = JSON.stringify({
  transactionId: '240101000000001',
  merchantId: '1100000000',
  type: 'payment',
  status: 'authorized',
  currency: 'CHF',
  refno: 'order-1',
  detail: {},
  history: [],
});

describe('Datatrans-Signature verification', () => {
  it('accepts a notification signed with the merchant key within the tolerance', () => {
    const header = signNotification(body, key, now - 60_000);
    expect(verifyNotificationSignature(body, header, { hmacKeyHex: key, nowMs: now })).toEqual({
      valid: true,
      timestampMs: now - 60_000,
    });
    const reading = readProviderNotification(Buffer.from(body), header, { hmacKeyHex: key, nowMs: now });
    expect(reading).toMatchObject({
      accepted: true,
      notification: { status: 'authorized', refno: 'order-1' },
    });
  });

  it('signs HMAC-SHA256 over the timestamp followed by the body, keyed with the hex-decoded key', () => {
    const expected = createHmac('sha256', Buffer.from(key, 'hex')).update(`${now}${body}`).digest('hex');
    expect(signNotification(body, key, now)).toBe(`t=${now},s0=${expected}`);
  });

  it('refuses a tampered body', () => {
    const header = signNotification(body, key, now);
    const tampered = body.replace('authorized', 'settled');
    expect(verifyNotificationSignature(tampered, header, { hmacKeyHex: key, nowMs: now })).toEqual({
      valid: false,
      reason: 'mismatch',
    });
  });

  it('refuses a signature made with another key', () => {
    const header = signNotification(body, otherKey, now);
    expect(readProviderNotification(body, header, { hmacKeyHex: key, nowMs: now })).toEqual({
      accepted: false,
      reason: 'mismatch',
    });
  });

  it('refuses a timestamp outside the tolerance, either way (default 300 s)', () => {
    const old = signNotification(body, key, now - 301_000);
    const future = signNotification(body, key, now + 301_000);
    expect(verifyNotificationSignature(body, old, { hmacKeyHex: key, nowMs: now })).toEqual({
      valid: false,
      reason: 'outside_tolerance',
    });
    expect(verifyNotificationSignature(body, future, { hmacKeyHex: key, nowMs: now })).toEqual({
      valid: false,
      reason: 'outside_tolerance',
    });
    expect(
      verifyNotificationSignature(body, old, { hmacKeyHex: key, nowMs: now, toleranceSeconds: 600 }).valid,
    ).toBe(true);
  });

  it('refuses a moved timestamp: it is part of what is signed', () => {
    const header = signNotification(body, key, now - 3_600_000).replace(`t=${now - 3_600_000}`, `t=${now}`);
    expect(verifyNotificationSignature(body, header, { hmacKeyHex: key, nowMs: now })).toEqual({
      valid: false,
      reason: 'mismatch',
    });
  });

  it('refuses missing and malformed headers', () => {
    expect(verifyNotificationSignature(body, undefined, { hmacKeyHex: key }).valid).toBe(false);
    for (const header of ['', 't=abc,s0=00', `s0=${'0'.repeat(64)}`, `t=${now}`, 'garbage']) {
      expect(verifyNotificationSignature(body, header, { hmacKeyHex: key, nowMs: now })).toMatchObject({
        valid: false,
      });
    }
  });

  it('refuses a validly signed body that is not a transaction status', () => {
    const header = signNotification('{"hello":1}', key, now);
    expect(readProviderNotification('{"hello":1}', header, { hmacKeyHex: key, nowMs: now })).toEqual({
      accepted: false,
      reason: 'invalid_body',
    });
  });
});
