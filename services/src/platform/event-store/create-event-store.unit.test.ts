import { eventStoreSettingsFromEnv } from './create-event-store';

describe('eventStoreSettingsFromEnv', () => {
  it('defaults to PostgreSQL', () => {
    expect(eventStoreSettingsFromEnv({})).toEqual({ kind: 'postgres', eventStoreUrl: undefined });
  });
  it('chooses EventStoreDB with its URL', () => {
    expect(
      eventStoreSettingsFromEnv({
        EVENT_STORE: 'eventstoredb',
        EVENTSTORE_URL: 'kurrentdb://h:2113?tls=false',
      }),
    ).toEqual({
      kind: 'eventstoredb',
      eventStoreUrl: 'kurrentdb://h:2113?tls=false',
    });
  });
  it('names the variable that is wrong', () => {
    expect(() => eventStoreSettingsFromEnv({ EVENT_STORE: 'mongo' })).toThrow(/EVENT_STORE/);
    expect(() => eventStoreSettingsFromEnv({ EVENT_STORE: 'eventstoredb' })).toThrow(/EVENTSTORE_URL/);
  });
});
