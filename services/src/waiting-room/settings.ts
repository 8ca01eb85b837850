import { ConfigError, type AppConfig } from '../platform/config';
import { defaultPaceSettings, type PaceSettings } from './pace';

/** How long admissions last and when a visitor counts as gone (docs/waiting-room.md, "Settings"). */
export interface WaitingRoomSettings {
  /** an admitted visitor who has not used the token (a basket add or checkout) by then loses it */
  admissionGraceMs: number;
  /** how long a used admission lets its visitor shop: the token's lifetime from the admission */
  admissionSessionMs: number;
  /** a waiting visitor who has not asked for their place for this long has left the queue */
  abandonAfterMs: number;
  /** how long an API process trusts its list of scheduled sales (shorter than MIN_OPENING_LEAD_MS) */
  salesCacheMs: number;
  /** how a sale that follows the shop's capacity slows its admissions down */
  pace: PaceSettings;
}

export const defaultWaitingRoomSettings: WaitingRoomSettings = {
  admissionGraceMs: 120_000,
  admissionSessionMs: 60 * 60_000,
  abandonAfterMs: 120_000,
  salesCacheMs: 5_000,
  pace: defaultPaceSettings,
};

const units = {
  seconds: { ms: 1000, least: 1 },
  milliseconds: { ms: 1, least: 10 },
} as const;

/** a duration setting in ms: the variable in `unit`, or `fallbackMs` when it is not set */
function durationOf(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallbackMs: number,
  unit: keyof typeof units,
): number {
  const text = env[name];
  if (text === undefined || text === '') return fallbackMs;
  const value = Number(text);
  const { ms, least } = units[unit];
  if (!Number.isInteger(value) || value < least)
    throw new ConfigError(`${name} must be a whole number of ${unit} of at least ${least}, not "${text}"`);
  return value * ms;
}

/** WAITING_ROOM_ADMISSION_GRACE_SECONDS, WAITING_ROOM_ADMISSION_SESSION_SECONDS, WAITING_ROOM_ABANDON_AFTER_SECONDS,
 * WAITING_ROOM_TARGET_P99_MS */
export function waitingRoomSettingsOf(config: Pick<AppConfig, 'env'>): WaitingRoomSettings {
  const defaults = defaultWaitingRoomSettings;
  return {
    admissionGraceMs: durationOf(
      config.env,
      'WAITING_ROOM_ADMISSION_GRACE_SECONDS',
      defaults.admissionGraceMs,
      'seconds',
    ),
    admissionSessionMs: durationOf(
      config.env,
      'WAITING_ROOM_ADMISSION_SESSION_SECONDS',
      defaults.admissionSessionMs,
      'seconds',
    ),
    abandonAfterMs: durationOf(
      config.env,
      'WAITING_ROOM_ABANDON_AFTER_SECONDS',
      defaults.abandonAfterMs,
      'seconds',
    ),
    salesCacheMs: defaults.salesCacheMs,
    pace: {
      ...defaults.pace,
      targetP99Ms: durationOf(
        config.env,
        'WAITING_ROOM_TARGET_P99_MS',
        defaults.pace.targetP99Ms,
        'milliseconds',
      ),
    },
  };
}
