import { z } from 'zod';
import { documented, settingsFrom, type AppConfig } from '../platform/config';
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
const duration = (fallbackMs: number, unit: keyof typeof units) =>
  z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text === '') return fallbackMs;
      const value = Number(text);
      const { ms, least } = units[unit];
      if (Number.isInteger(value) && value >= least) return value * ms;
      context.addIssue({
        code: 'custom',
        message: `must be a whole number of ${unit} of at least ${least}, not "${text}"`,
      });
      return z.NEVER;
    });

const defaults = defaultWaitingRoomSettings;
export const waitingRoomVariables = z.object({
  WAITING_ROOM_ADMISSION_GRACE_SECONDS: documented(
    duration(defaults.admissionGraceMs, 'seconds'),
    'an admission not used (basket add, checkout) within it lapses (docs/waiting-room.md)',
    `\`${defaults.admissionGraceMs / 1000}\``,
  ),
  WAITING_ROOM_ADMISSION_SESSION_SECONDS: documented(
    duration(defaults.admissionSessionMs, 'seconds'),
    'how long a used admission lets its visitor shop',
    `\`${defaults.admissionSessionMs / 1000}\``,
  ),
  WAITING_ROOM_ABANDON_AFTER_SECONDS: documented(
    duration(defaults.abandonAfterMs, 'seconds'),
    'a waiting visitor who has not asked for their place this long is let go',
    `\`${defaults.abandonAfterMs / 1000}\``,
  ),
  WAITING_ROOM_TARGET_P99_MS: documented(
    duration(defaults.pace.targetP99Ms, 'milliseconds'),
    'the API p99 a sale that follows the capacity protects; slower answers slow its admissions down (docs/waiting-room.md, "Pace")',
    `\`${defaults.pace.targetP99Ms}\``,
  ),
});

/** The waiting room's settings of this shop; a bad value is a ConfigError naming it. */
export function waitingRoomSettingsOf(config: Pick<AppConfig, 'env'>): WaitingRoomSettings {
  const e = settingsFrom(waitingRoomVariables, config.env);
  return {
    admissionGraceMs: e.WAITING_ROOM_ADMISSION_GRACE_SECONDS,
    admissionSessionMs: e.WAITING_ROOM_ADMISSION_SESSION_SECONDS,
    abandonAfterMs: e.WAITING_ROOM_ABANDON_AFTER_SECONDS,
    salesCacheMs: defaults.salesCacheMs,
    pace: { ...defaults.pace, targetP99Ms: e.WAITING_ROOM_TARGET_P99_MS },
  };
}
