import { appConfigFrom, DEFAULT_CHANNEL_ID } from './app-config';

describe('the SPA configuration', () => {
  it('uses client 1, API version 2025-02-18 and the documented default channel', () => {
    const config = appConfigFrom({});
    expect(config).toMatchObject({ clientId: 1, apiVersion: '2025-02-18', channelId: DEFAULT_CHANNEL_ID });
    expect(config.errorReporting.dsn).toBeUndefined();
    expect(Object.values(config.analytics).filter(Boolean)).toEqual([]);
  });

  it('takes the channel and monitoring settings from the build environment', () => {
    const config = appConfigFrom({
      channelId: ' 11111111-2222-4333-8444-555555555555 ',
      errorReportingDsn: 'https://k@errors.example/42',
      tagManagerUrl: '',
    });
    expect(config.channelId).toBe('11111111-2222-4333-8444-555555555555');
    expect(config.errorReporting.dsn).toBe('https://k@errors.example/42');
    expect(config.analytics.tagManagerUrl).toBeUndefined();
  });

  it('polls the session only when a whole number of seconds is configured', () => {
    expect(appConfigFrom({}).sessionPollSeconds).toBe(0);
    expect(appConfigFrom({ sessionPollSeconds: '300' }).sessionPollSeconds).toBe(300);
    expect(appConfigFrom({ sessionPollSeconds: 'soon' }).sessionPollSeconds).toBe(0);
  });
});
