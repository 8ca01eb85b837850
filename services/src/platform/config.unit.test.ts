import express from 'express';
import { ConfigError, loadConfig } from './config';
import { developmentSecrets } from './development-secrets';

describe('configuration', () => {
  it('runs every role against the local services by default, all feature flags off', () => {
    const config = loadConfig({});
    expect(config.roles).toEqual(['api', 'relay', 'projector', 'worker']);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/alpenpass');
    expect(config.eventStore).toEqual({ kind: 'postgres', url: undefined });
    expect(config.nats).toEqual({ url: 'nats://127.0.0.1:4222', stream: 'EVENTS', subjectPrefix: 'events' });
    expect(config.clientId).toBe('1');
    expect(Object.values(config.featureFlags).every((on) => on === false)).toBe(true);
    expect(config.basketHoldTtlMs).toBe(30 * 60 * 1000);
    expect(config.loadDemoData).toBe(true);
    expect(config.environment).toBe('development');
    expect(config.auth.maxTokenLifetimeSeconds).toBe(24 * 60 * 60);
    expect(config.auth.clockToleranceSeconds).toBe(60);
    expect(config.web.sourceMaps).toBe(true);
  });

  it('reads roles, flags and the event store from the environment', () => {
    const config = loadConfig({
      ROLES: 'api, worker',
      FEATURE_FLAGS: 'guestCheckout,readOnlyKeycards',
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113?tls=false',
      AUTH_ISSUERS: 'https://a.example/, https://b.example/',
      LOAD_DEMO_DATA: 'no',
    });
    expect(config.roles).toEqual(['api', 'worker']);
    expect(config.featureFlags.guestCheckout).toBe(true);
    expect(config.featureFlags.readOnlyKeycards).toBe(true);
    expect(config.featureFlags.vmcReceipts).toBe(false);
    expect(config.eventStore).toEqual({ kind: 'eventstoredb', url: 'kurrentdb://127.0.0.1:2113?tls=false' });
    expect(config.auth.issuers).toEqual(['https://a.example/', 'https://b.example/']);
    expect(config.loadDemoData).toBe(false);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ ROLES: 'api,cron' }, 'ROLES'],
    [{ FEATURE_FLAGS: 'noSuchFlag' }, 'FEATURE_FLAGS'],
    [{ EVENT_STORE: 'mongo' }, 'EVENT_STORE'],
    [{ EVENT_STORE: 'eventstoredb' }, 'EVENTSTORE_URL'],
    [{ CLIENT_ID: '2' }, 'CLIENT_ID'],
    [{ CHANNEL_ID: 'not-a-uuid' }, 'CHANNEL_ID'],
    [{ DATABASE_URL: 'nowhere' }, 'DATABASE_URL'],
    [{ BASKET_HOLD_TTL_SECONDS: '0' }, 'BASKET_HOLD_TTL_SECONDS'],
    [{ ALPENPASS_ENV: 'staging' }, 'ALPENPASS_ENV'],
    [{ AUTH_MAX_TOKEN_LIFETIME_SECONDS: '0' }, 'AUTH_MAX_TOKEN_LIFETIME_SECONDS'],
    [{ AUTH_CLOCK_TOLERANCE_SECONDS: '3600' }, 'AUTH_CLOCK_TOLERANCE_SECONDS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.256' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8/1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'fe80::1%eth0' }, 'TRUST_PROXY'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set: no sender may name the client', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it.each([
    ['1', 1],
    [' 2 ', 2],
    ['127.0.0.1/32', ['127.0.0.1/32']],
    [
      'loopback, 10.0.0.0/8, 2001:DB8::/32, 192.0.2.7',
      ['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.7'],
    ],
  ])('takes %j as Express takes it', (value, expected) => {
    const trustProxy = loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trustProxy).toEqual(expected);
    // what passes here never stops the app at start-up
    expect(() => express().set('trust proxy', trustProxy)).not.toThrow();
  });
});

describe('secrets outside development', () => {
  const ownSecret = 'a-secret-of-our-own-0123456789';

  it.each([
    ['ALPENPASS_ENV=production', { ALPENPASS_ENV: 'production' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])('refuses to start under %s without CONTENT_WEBHOOK_SECRET, naming it', (_case, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/\bCONTENT_WEBHOOK_SECRET: required outside development/);
  });

  it('refuses the development default written in the source', () => {
    const env = {
      ALPENPASS_ENV: 'production',
      CONTENT_WEBHOOK_SECRET: developmentSecrets.CONTENT_WEBHOOK_SECRET,
      ORDER_ACCESS_SECRET: ownSecret,
    };
    expect(() => loadConfig(env)).toThrow(/\bCONTENT_WEBHOOK_SECRET: holds the development default/);
  });

  it('starts in production with a secret of its own, and serves no source maps', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      CONTENT_WEBHOOK_SECRET: ownSecret,
      ORDER_ACCESS_SECRET: `${ownSecret}-orders`,
    });
    expect(config.environment).toBe('production');
    expect(config.contentWebhookSecret).toBe(ownSecret);
    expect(config.web.sourceMaps).toBe(false);
  });

  it('takes ALPENPASS_ENV over NODE_ENV, and treats tests and npm start as development', () => {
    expect(loadConfig({ NODE_ENV: 'production', ALPENPASS_ENV: 'development' }).environment).toBe(
      'development',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).environment).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).contentWebhookSecret).toBe(
      developmentSecrets.CONTENT_WEBHOOK_SECRET,
    );
  });

  it('refuses to start in production without an ORDER_ACCESS_SECRET of its own', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CONTENT_WEBHOOK_SECRET: ownSecret })).toThrow(
      /\bORDER_ACCESS_SECRET: required outside development/,
    );
  });

  it('reads the checkout settings: payment timeout and the origins payments may redirect to', () => {
    expect(loadConfig({}).checkoutPaymentTimeoutMs).toBe(1_200_000);
    expect(loadConfig({}).allowedRedirectOrigins).toEqual(['http://localhost:3000']);
    const config = loadConfig({
      CHECKOUT_PAYMENT_TIMEOUT_SECONDS: '5',
      ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.ch/, https://m.example.ch',
    });
    expect(config.checkoutPaymentTimeoutMs).toBe(5000);
    expect(config.allowedRedirectOrigins).toEqual(['https://shop.example.ch', 'https://m.example.ch']);
    expect(loadConfig({}).checkoutPaymentPollMs).toBe(30_000);
  });

  it('reads the token lifetime and clock tolerance', () => {
    const config = loadConfig({ AUTH_MAX_TOKEN_LIFETIME_SECONDS: '3600', AUTH_CLOCK_TOLERANCE_SECONDS: '0' });
    expect(config.auth.maxTokenLifetimeSeconds).toBe(3600);
    expect(config.auth.clockToleranceSeconds).toBe(0);
  });
});
