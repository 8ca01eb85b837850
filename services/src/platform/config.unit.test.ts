import { ConfigError, loadConfig } from './config';

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
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${variable}\\b`));
  });
});
