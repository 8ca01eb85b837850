import { DateTime } from 'luxon';

/**
 * The shop's clock in development and tests (SHOP_CLOCK; production refuses it, platform/config.ts):
 * every process of a shop, and the tests that talk to it, read the same instant at the same moment and
 * run on from there in real time. It moves `Date` (and with it luxon, tokens, event times, "today"),
 * never timers or durations; Temporal's workflow clock and PostgreSQL's now() stay the real ones.
 *
 * SHOP_CLOCK is an ISO 8601 date-time with its offset, or a day (yyyy-MM-dd: 10:00 in Zurich that day).
 * SHOP_CLOCK_STARTED_AT is the real moment (ms since the epoch) at which the shop's clock read it: the
 * first process that installs the clock writes it into its environment, so every process it starts
 * (API workers, roles, a shop a test starts) shares one offset.
 */
export const SHOP_CLOCK = 'SHOP_CLOCK';
export const SHOP_CLOCK_STARTED_AT = 'SHOP_CLOCK_STARTED_AT';

const RealDate = Date;
const installedOffset = Symbol.for('alpenpass.shopClockOffsetMs');

/** The instant SHOP_CLOCK names, or undefined when it names none. */
export function shopClockInstant(value: string): number | undefined {
  const text = value.trim();
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? DateTime.fromISO(`${text}T10:00:00`, { zone: 'Europe/Zurich' })
    : /(Z|[+-]\d{2}:?\d{2})$/.test(text)
      ? DateTime.fromISO(text, { setZone: true })
      : DateTime.invalid('no offset');
  return parsed.isValid ? parsed.toMillis() : undefined;
}

/** How far the shop's clock runs ahead of the real one (negative: behind); 0 without SHOP_CLOCK. */
export function shopClockOffsetMs(env: Record<string, string | undefined> = process.env): number {
  const instant = env[SHOP_CLOCK] ? shopClockInstant(env[SHOP_CLOCK]) : undefined;
  if (instant === undefined) return 0;
  const startedAt = Number(env[SHOP_CLOCK_STARTED_AT]);
  if (Number.isFinite(startedAt) && startedAt > 0) return instant - startedAt;
  const now = RealDate.now();
  env[SHOP_CLOCK_STARTED_AT] = String(now);
  return instant - now;
}

/**
 * Sets this process's `Date` to the shop's clock (a no-op without SHOP_CLOCK). A bad SHOP_CLOCK leaves
 * the real clock: the configuration refuses it with the variable's name.
 */
export function installShopClock(env: Record<string, string | undefined> = process.env): void {
  const offset = shopClockOffsetMs(env);
  const global = globalThis as unknown as Record<symbol, number | undefined> & { Date: DateConstructor };
  if ((global[installedOffset] ?? 0) === offset) return;
  global.Date = offset === 0 ? RealDate : shiftedDate(offset);
  global[installedOffset] = offset;
}

function shiftedDate(offsetMs: number): DateConstructor {
  class ShopDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + offsetMs;
    }
  }
  return ShopDate as DateConstructor;
}

/** Sets SHOP_CLOCK to `value` from this moment on, in this process and for every process it starts. */
export function setShopClock(value: string, env: Record<string, string | undefined> = process.env): void {
  env[SHOP_CLOCK] = value;
  delete env[SHOP_CLOCK_STARTED_AT];
  installShopClock(env);
}
