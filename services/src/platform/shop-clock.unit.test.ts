import { DateTime } from 'luxon';
import { ConfigError, loadConfig } from './config';
import { installShopClock, SHOP_CLOCK_STARTED_AT, shopClockInstant, shopClockOffsetMs } from './shop-clock';

afterEach(() => installShopClock({}));

describe('the shop clock (SHOP_CLOCK)', () => {
  it('reads a day as 10:00 in Zurich, a date-time with its offset as it says, anything else as none', () => {
    expect(new Date(shopClockInstant('2027-01-20')!).toISOString()).toBe('2027-01-20T09:00:00.000Z');
    expect(new Date(shopClockInstant('2027-07-15')!).toISOString()).toBe('2027-07-15T08:00:00.000Z');
    expect(new Date(shopClockInstant('2027-04-18T23:30:00+02:00')!).toISOString()).toBe(
      '2027-04-18T21:30:00.000Z',
    );
    expect(shopClockInstant('2027-04-18T23:30:00')).toBeUndefined();
    expect(shopClockInstant('20.01.2027')).toBeUndefined();
    expect(shopClockInstant('2027-02-30')).toBeUndefined();
  });

  it('shares one offset between the processes of a shop: the first writes the real moment it started', () => {
    const env: Record<string, string | undefined> = { SHOP_CLOCK: '2030-01-01T00:00:00Z' };
    const first = shopClockOffsetMs(env);
    const startedAt = Number(env[SHOP_CLOCK_STARTED_AT]);
    expect(first).toBe(Date.parse('2030-01-01T00:00:00Z') - startedAt);
    // a process started later with the same environment reads the same clock
    expect(shopClockOffsetMs({ ...env })).toBe(first);
    expect(shopClockOffsetMs({})).toBe(0);
  });

  it('moves Date and luxon to the shop clock and back, keeping dates built from a value as they are', () => {
    const startedAt = Date.now();
    installShopClock({ SHOP_CLOCK: '2027-01-20', [SHOP_CLOCK_STARTED_AT]: String(startedAt) });
    const shifted = Date.now() - Date.parse('2027-01-20T09:00:00Z');
    expect(shifted).toBeGreaterThanOrEqual(0);
    expect(shifted).toBeLessThan(5_000);
    expect(new Date().toISOString().slice(0, 10)).toBe('2027-01-20');
    expect(DateTime.now().setZone('Europe/Zurich').toISODate()).toBe('2027-01-20');
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date('2030-05-01') instanceof Date).toBe(true);
    installShopClock({});
    expect(Math.abs(Date.now() - startedAt)).toBeLessThan(60_000);
  });

  it('is refused outside development, and a value that names no instant is refused by name', () => {
    expect(() => loadConfig({ SHOP_CLOCK: '2027-01-20' })).not.toThrow();
    expect(() => loadConfig({ SHOP_CLOCK: 'tomorrow' })).toThrow(/SHOP_CLOCK: Expected a day/);
    const production = { ALPENPASS_ENV: 'production', SHOP_CLOCK: '2027-01-20' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SHOP_CLOCK: sets the clock for tests/);
  });
});
