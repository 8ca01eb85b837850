import { ConfigError, loadConfig } from '../../platform/config';

describe('after-sale configuration', () => {
  it('defaults to a cut-off of the day before in Europe/Zurich and five refund attempts per round of 15 minutes', () => {
    expect(loadConfig({}).afterSale).toEqual({
      cancelCutoffDays: 1,
      cancelTimezone: 'Europe/Zurich',
      refundAttempts: 5,
      refundRetryPauseMs: 900_000,
    });
  });

  it('reads the cut-off (0 allowed) and the refund rounds', () => {
    const config = loadConfig({
      ORDER_CANCEL_CUTOFF_DAYS: '0',
      ORDER_CANCEL_TIMEZONE: 'Europe/Vienna',
      REFUND_ATTEMPTS: '3',
      REFUND_RETRY_PAUSE_SECONDS: '60',
    });
    expect(config.afterSale).toEqual({
      cancelCutoffDays: 0,
      cancelTimezone: 'Europe/Vienna',
      refundAttempts: 3,
      refundRetryPauseMs: 60_000,
    });
  });

  it('refuses a cut-off that is not a whole number of days and an unknown time zone, naming the variable', () => {
    for (const value of ['-1', '1.5', 'abc', '', '400'])
      expect(() => loadConfig({ ORDER_CANCEL_CUTOFF_DAYS: value })).toThrow(/ORDER_CANCEL_CUTOFF_DAYS/);
    expect(() => loadConfig({ ORDER_CANCEL_TIMEZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ REFUND_ATTEMPTS: '0' })).toThrow(/REFUND_ATTEMPTS/);
  });
});
