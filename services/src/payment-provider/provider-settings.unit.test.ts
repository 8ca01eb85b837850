import { loadConfig } from '../platform/config';
import { paymentProviderOf } from './provider-settings';

const ownSecret = 'a-secret-of-our-own-0123456789';
const production = {
  NODE_ENV: 'production',
  CONTENT_WEBHOOK_SECRET: ownSecret,
  ORDER_ACCESS_SECRET: `${ownSecret}-orders`,
};
const providerOf = (env: Record<string, string>) => paymentProviderOf(loadConfig(env));

describe('the card payment provider a shop reaches (PSP_*)', () => {
  it('is the simulator by default in development, named with the shop’s own notification URL', () => {
    expect(providerOf({ PORT: '3100' })).toMatchObject({
      baseUrl: 'http://127.0.0.1:3900',
      webhookUrl: 'http://127.0.0.1:3100/api/payment-provider/notifications',
    });
  });

  it('outside development is none without PSP_BASE_URL, and then needs a webhook URL and credentials of the operator’s own', () => {
    expect(providerOf(production)).toBeNull();
    const real = { ...production, PSP_BASE_URL: 'https://api.sandbox.datatrans.com' };
    expect(() => providerOf(real)).toThrow(/\bPSP_WEBHOOK_URL: required/);
    const withWebhook = {
      ...real,
      PSP_WEBHOOK_URL: 'https://shop.example.ch/api/payment-provider/notifications',
    };
    expect(() => providerOf(withWebhook)).toThrow(/\bPSP_MERCHANT_PASSWORD: required outside development/);
    expect(() => providerOf({ ...withWebhook, PSP_MERCHANT_PASSWORD: 'own-password' })).toThrow(
      /\bPSP_HMAC_KEY: required outside development/,
    );
    expect(
      providerOf({ ...withWebhook, PSP_MERCHANT_PASSWORD: 'own-password', PSP_HMAC_KEY: 'ab'.repeat(32) }),
    ).toMatchObject({
      baseUrl: 'https://api.sandbox.datatrans.com',
      webhookUrl: withWebhook.PSP_WEBHOOK_URL,
    });
  });

  it('names a bad value', () => {
    expect(() => providerOf({ PSP_TIMEOUT_MS: 'soon' })).toThrow(/PSP_TIMEOUT_MS/);
  });
});
